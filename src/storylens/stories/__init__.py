"""Stories: group articles that report the same event, online, and find syndicated copies.

features.py    AnalysedArticle -> ArticleFeatures (compact, stored per article)
dedup.py       MinHash signatures and the LSH index of near-duplicate copies
index.py       stream document frequencies and the inverted index of candidate stories
scoring.py     article-to-story similarity in named parts, with the reasons
join_model.py  a logistic join model as the score's weights, threshold and penalties
clusterer.py   StoryClusterer: add one article at a time; restore from stored rows
embeddings.py  optional dense sentence embeddings (pip install storylens[embeddings])
"""

from storylens.stories.clusterer import StoryClusterer, StorySettings, story_id_for
from storylens.stories.dedup import MinHashParams, Signature
from storylens.stories.features import ArticleFeatures, extract_features

__all__ = [
    "ArticleFeatures",
    "MinHashParams",
    "Signature",
    "StoryClusterer",
    "StorySettings",
    "extract_features",
    "story_id_for",
]
