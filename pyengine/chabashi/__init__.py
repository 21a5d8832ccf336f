"""Chabashi (차바시) with the Dido-poikas deck: rules engine, hand evaluator and odds."""
