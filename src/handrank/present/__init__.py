"""Leaves that are handed data and give it a face: plots, HTML and DataFrames, the 13x13 grid.

``_grid`` (the hold'em starting-hand grid's labels), ``_tabular`` (HTML
tables and ``to_pandas``), ``_plot`` (matplotlib, imported inside its
functions).  They import only the core; the analyses pass them arrays and
labels.
"""
