"""placeholder"""
class ThresholdBot: pass
class OptimalBot: pass
HeuristicBot = OptimalBot
