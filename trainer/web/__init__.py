"""``literature serve``: the trainer, play and review as web pages, served by the program itself.

:func:`trainer.web.app.create_app` builds the Starlette application: one
module per group of pages (each exposing ``routes``), :mod:`trainer.web.security`
guarding every request (CSRF, a body limit, security headers), and
:mod:`trainer.web.server` running it under uvicorn. The pages call the same
library functions the commands call; their HTML is :mod:`trainer.render.web`.
"""
