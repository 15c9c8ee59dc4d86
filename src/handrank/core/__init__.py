"""The floor every other layer stands on: cards, errors, validation, the backend.

``cards`` (parse and format cards, every card-error message), ``errors``,
``_validate`` (array coercion, ``threads=``, message quoting), ``_run``
(thread splits, Ctrl-C), ``_backend`` (the C core or the Python fallback),
``_tables`` and ``_fallback`` (the generated tables and the numpy kernels).
Nothing here knows a game, a range or an operation.
"""
