"""Derived indexes, fingerprinted and rebuilt on mismatch: tokenizers (tokenize), BM25
(bm25_build, lexical), FAISS vectors (vectors) and the embedders (embed)."""
