"""Human-style explanations: named techniques applied step by step, the shortest chain to an answer, its difficulty."""
