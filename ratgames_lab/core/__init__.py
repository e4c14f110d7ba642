"""Game-agnostic engine parts: protocol, match log, chance, bots, analysis, odds, simulation, benchmarks."""
