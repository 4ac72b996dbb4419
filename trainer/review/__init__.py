"""The review of a game: what each move gave away, what each player could have known, missed or risked."""
