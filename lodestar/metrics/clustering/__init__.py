"""Clustering metrics: agreement between two labellings of the same samples."""

from lodestar.metrics.clustering.adjusted_rand import AdjustedRand
from lodestar.metrics.clustering.mutual_information import MutualInformation
from lodestar.metrics.clustering.pair_confusion_matrix import PairConfusionMatrix
from lodestar.metrics.clustering.rand_index import RandIndex

__all__ = ["AdjustedRand", "MutualInformation", "PairConfusionMatrix", "RandIndex"]
