"""Speed benchmarks: a synthetic history generator, the bench runner and a LangChain baseline."""
