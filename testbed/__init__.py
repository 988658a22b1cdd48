"""Real servers on 127.0.0.1 for the tests and the benchmarks alike: Longhall nodes
(`nodes`), a Redis cluster (`redis_cluster`) and a PostgreSQL cluster (`postgres`).

Importable by both `tests/` and `bench/`, and by neither of them in the other direction;
it knows nothing of the tests' own games or fixtures (tests/cluster.py adds the test game).
"""
