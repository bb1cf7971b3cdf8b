"""The read path: the chain-of-table algebra and its compiler to bound SQL (table_ops), fusion,
and hybrid search (search)."""
