"""Clustering metrics: agreement between two labellings of the same samples."""

from lodestar.metrics.clustering.adjusted_mutual_information import AdjustedMutualInformation
from lodestar.metrics.clustering.adjusted_rand import AdjustedRand
from lodestar.metrics.clustering.calinski_harabasz import CalinskiHarabasz
from lodestar.metrics.clustering.completeness import Completeness
from lodestar.metrics.clustering.davies_bouldin import DaviesBouldin
from lodestar.metrics.clustering.fowlkes_mallows import FowlkesMallows
from lodestar.metrics.clustering.homogeneity import Homogeneity
from lodestar.metrics.clustering.mutual_information import MutualInformation
from lodestar.metrics.clustering.normalized_mutual_information import NormalizedMutualInformation
from lodestar.metrics.clustering.pair_confusion_matrix import PairConfusionMatrix
from lodestar.metrics.clustering.rand_index import RandIndex
from lodestar.metrics.clustering.silhouette import Silhouette
from lodestar.metrics.clustering.v_measure import VMeasure

__all__ = [
    "AdjustedMutualInformation",
    "AdjustedRand",
    "CalinskiHarabasz",
    "Completeness",
    "DaviesBouldin",
    "FowlkesMallows",
    "Homogeneity",
    "MutualInformation",
    "NormalizedMutualInformation",
    "PairConfusionMatrix",
    "RandIndex",
    "Silhouette",
    "VMeasure",
]
