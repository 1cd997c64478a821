"""The split check: a story holding two same-kind events gives the second one its own story."""

from __future__ import annotations

import random
from dataclasses import replace

from storylens.records import StoryAssignment
from storylens.stories import ArticleFeatures, StoryClusterer, StorySettings
from storylens.stories.dedup import make_signature
from storylens.stories.scoring import actors_differ, days_differ


def _article(article_id: str, words: str, names: list[str]) -> ArticleFeatures:
    terms = tuple((w, 3.0) for w in words.split())
    entities = tuple((f"e:{n}", 2.0) for n in names)
    body = " ".join(f"{article_id}x{n}" for n in range(60))  # distinct bodies: no copies
    return ArticleFeatures(
        article_id=article_id, signature=make_signature(body), terms=terms, entities=entities
    )


TOPIC = "earthquake magnitude struck killed rescue collapsed buildings"
CHILE = TOPIC + " valparaiso tsunami coast"
JAPAN = TOPIC + " sendai reactor nuclear"


def test_a_second_event_that_crept_into_a_story_moves_to_its_own() -> None:
    clusterer = StoryClusterer(StorySettings(join_threshold=0.05))
    first = [_article(f"a{i}", CHILE, ["chile", "valparaiso", "bachelet"]) for i in range(4)]
    second = [_article(f"b{i}", JAPAN, ["japan", "sendai", "kan"]) for i in range(4)]
    assignments = [clusterer.add(f) for f in first + second]
    revised = {r.article_id: r for r in clusterer.take_revisions()}
    final = {a.article_id: revised.get(a.article_id, a).story_id for a in assignments}
    assert len({final[f.article_id] for f in first}) == 1
    assert len({final[f.article_id] for f in second}) == 1
    assert final["a0"] != final["b0"]
    moved = [r for r in revised.values() if r.story_id == final["b0"]]
    assert all(r.reasons[0].startswith("moved from") for r in moved)


def test_one_event_stays_whole() -> None:
    clusterer = StoryClusterer()
    articles = [_article(f"a{i}", CHILE, ["chile", "valparaiso", "bachelet"]) for i in range(8)]
    stories = {clusterer.add(f).story_id for f in articles}
    assert len(stories) == 1
    assert clusterer.take_revisions() == []


def test_restore_after_a_split_continues_where_it_ended() -> None:
    clusterer = StoryClusterer(StorySettings(join_threshold=0.05))
    first = [_article(f"a{i}", CHILE, ["chile", "valparaiso", "bachelet"]) for i in range(4)]
    second = [_article(f"b{i}", JAPAN, ["japan", "sendai", "kan"]) for i in range(4)]
    stored = {}
    for features in first + second:
        stored[features.article_id] = (features, clusterer.add(features))
        for revised in clusterer.take_revisions():
            stored[revised.article_id] = (stored[revised.article_id][0], revised)
    restored = StoryClusterer(StorySettings(join_threshold=0.05))
    restored.restore(stored.values())
    assert restored.stories() == clusterer.stories()
    later = _article("b9", JAPAN, ["japan", "sendai", "kan"])
    assert restored.add(later).story_id == stored["b0"][1].story_id


def _one_heist_in_two_tellings(settings: StorySettings) -> list[list[str]]:
    """Stories holding six reports of one heist: the same core words and names, each with
    words and names of its own, told two ways ("wigs disguise" / "armed guns")."""
    clusterer = StoryClusterer(settings)
    for k in range(30):  # other news, so that the heist's words are rare in the stream
        clusterer.add(_article(f"o{k}", f"other{k} filler{k}", [f"x{k}"]))
    for i in range(6):
        telling = "wigs disguise" if i % 2 else "armed guns"
        own = " ".join(f"w{i}{j}" for j in range(10))
        names = ["paris", "montaigne"] + [f"n{i}{k}" for k in range(4)]
        words = f"heist jewels boutique robbers stole {telling} {own}"
        clusterer.add(_article(f"a{i}", words, names))
    return [ids for ids in clusterer.stories().values() if ids[0].startswith("a")]


def test_one_event_told_in_many_words_is_not_cut_in_two() -> None:
    # The 2-means finds the cut between the two tellings, and its groups' profiles score
    # below the split threshold; but every report is about as close to the other half as to
    # the rest of its own, so the story stays whole.
    assert _one_heist_in_two_tellings(StorySettings(join_threshold=0.05)) == [
        [f"a{i}" for i in range(6)]
    ]
    without_margin = StorySettings(join_threshold=0.05, split_min_margin=0.0)
    assert len(_one_heist_in_two_tellings(without_margin)) == 2


def test_an_early_article_of_an_event_moves_to_that_events_story_once_it_has_grown() -> None:
    # j0 reports the Fukushima evacuation before the Japan story speaks of it: it shares more
    # words with the Chile story and joins it. Once the Japan story carries Fukushima too, j0
    # (the Chile story's weakest member) scores higher there than with the rest of its story.
    clusterer = StoryClusterer()
    for k in range(30):  # other news, so that the quake's words are rare in the stream
        clusterer.add(_article(f"o{k}", f"other{k} filler{k}", [f"x{k}"]))
    japan = "quake sendai reactor nuclear"
    chile = "quake valparaiso tsunami coast"
    fukushima = "quake sendai reactor fukushima evacuation"
    stream = [
        _article("b0", japan, ["japan", "kan"]),
        _article("b1", japan, ["japan", "kan"]),
        _article("a0", chile, ["chile", "bachelet"]),
        _article("a1", chile, ["chile", "bachelet"]),
        _article("j0", "quake tsunami coast fukushima evacuation", ["japan", "fukushima"]),
        _article("b2", fukushima, ["japan", "kan", "fukushima"]),
        _article("b3", fukushima, ["japan", "kan", "fukushima"]),
        _article("a2", chile, ["chile", "bachelet"]),
    ]
    final = {}
    for features in stream:
        final[features.article_id] = clusterer.add(features)
        for revised in clusterer.take_revisions():
            final[revised.article_id] = revised
    assert final["j0"].story_id == final["b0"].story_id != final["a0"].story_id
    assert final["j0"].reasons[0].startswith("moved from " + final["a0"].story_id)
    assert final["a2"].story_id == final["a0"].story_id


def _two_arrests_told_alike(settings: StorySettings) -> list[list[str]]:
    """Stories holding two drunk-driving arrests of players of one team, a month apart, told
    in the same words: only whom the leads are about tells them apart. Reports of the second
    arrest recall the first player in passing."""
    stories = _arrests_clusterer(settings).stories().values()
    return sorted(ids for ids in stories if not ids[0].startswith("o"))


def _arrests_clusterer(settings: StorySettings) -> StoryClusterer:
    clusterer = StoryClusterer(settings)
    for k in range(30):  # other news, so that the arrests' words are rare in the stream
        clusterer.add(_article(f"o{k}", f"other{k} filler{k}", [f"x{k}"]))
    for i in range(12):
        player, road = ("jackson", "route 52") if i % 2 == 0 else ("williams", "route 94")
        recalled = (("e:jackson", 1.0),) if i % 4 == 1 else ()
        own = " ".join(f"w{i}{j}" for j in range(6))
        words = f"arrested suspicion drunk driving chargers highway patrol sobriety {own}"
        names = ["chargers", "san diego", player, road, f"n{i}"]
        features = _article(f"{player[0]}{i}", words, names)
        clusterer.add(replace(features, actors=((f"e:{player}", 3.0), *recalled)))
    return clusterer


def test_two_events_told_alike_split_by_whom_their_leads_are_about() -> None:
    settings = StorySettings(join_threshold=0.05)
    assert _two_arrests_told_alike(settings) == [
        [f"j{i}" for i in range(0, 12, 2)],
        [f"w{i}" for i in range(1, 12, 2)],
    ]
    clusterer = _arrests_clusterer(settings)
    moved = [a for a in clusterer.take_revisions() if a.reasons[0].startswith("moved from")]
    assert moved and all(
        "leads are about williams, that story's about jackson" in a.reasons[0] for a in moved
    )
    # Without the lead's people the two arrests read as one event.
    assert len(_two_arrests_told_alike(replace(settings, split_actor_factor=1.0))) == 1


def test_leads_about_different_people_differ_even_where_one_recalls_the_other() -> None:
    assert actors_differ({"e:williams": 9.0, "e:jackson": 1.0}, {"e:jackson": 8.0})
    assert not actors_differ({"e:williams": 5.0, "e:jackson": 4.0}, {"e:jackson": 8.0})
    assert not actors_differ({}, {"e:jackson": 8.0})


def _shootings_told_alike(settings: StorySettings) -> list[list[str]]:
    """Two shootings in one town nine days apart, three and four reports, told in the words of
    every shooting report there; each has its street and victim, and the days their leads
    name (May 2 and May 11, 2026; some leads also give the next day, when police spoke)."""
    clusterer = StoryClusterer(settings)
    for k in range(30):  # other news, so that the shootings' words are rare in the stream
        clusterer.add(_article(f"o{k}", f"other{k} filler{k}", [f"x{k}"]))
    events = {
        "q": ("2026-05-02", "quarry commons", "tillery"),
        "p": ("2026-05-11", "pine hollow", "brooks"),
    }
    reports = [("q", i) for i in range(3)] + [("p", i) for i in range(4)]
    random.Random(4).shuffle(reports)
    for event, i in reports:
        day, place, victim = events[event]
        own = " ".join(f"{event}{i}w{j}" for j in range(2))
        words = f"shot killed wounded gunfire police detectives harlow apartment {place} {own}"
        features = _article(f"{event}{i}", words, ["harlow", "harlow police", victim])
        later = (f"2026-05-{int(day[-2:]) + 1:02d}",) if i % 2 else ()
        clusterer.add(replace(features, published=day, days=(day, *later)))
        clusterer.take_revisions()
    return sorted(sorted(ids) for ids in clusterer.stories().values() if len(ids) > 1)


def test_two_events_in_one_place_split_by_the_days_their_leads_name() -> None:
    settings = StorySettings(join_threshold=0.05)
    # Seven members: an odd count, where only the day cut is tried.
    assert _shootings_told_alike(settings) == [
        ["p0", "p1", "p2", "p3"],
        ["q0", "q1", "q2"],
    ]
    # Without the days the two shootings read as one event.
    assert len(_shootings_told_alike(replace(settings, split_day_factor=1.0))) == 1


def test_a_split_by_days_says_which_days_in_its_reason() -> None:
    clusterer = StoryClusterer(StorySettings(join_threshold=0.05))
    for k in range(30):
        clusterer.add(_article(f"o{k}", f"other{k} filler{k}", [f"x{k}"]))
    reasons = []
    for event, day, place in (("q", "2026-05-02", "quarry"), ("p", "2026-05-11", "pine")):
        for i in range(3):
            words = f"shot killed gunfire police harlow apartment {place} {event}{i}"
            features = _article(f"{event}{i}", words, ["harlow", "harlow police", place])
            clusterer.add(replace(features, published=day, days=(day,)))
            reasons += [r.reasons[0] for r in clusterer.take_revisions()]
    assert reasons and all(
        "their leads name 2026-05-11, that story's 2026-05-02" in reason for reason in reasons
    )


def test_leads_name_different_days_unless_one_day_is_a_minor_recall() -> None:
    from datetime import date

    may = {day: date(2026, 5, day).toordinal() for day in range(1, 20)}
    assert days_differ({may[2]: 3.0}, {may[11]: 4.0})
    # A day apart is the same event told from the night it happened and the morning after.
    assert not days_differ({may[2]: 3.0}, {may[3]: 4.0})
    # One recall of the other event's day among many does not make the days agree...
    assert days_differ({may[11]: 6.0, may[2]: 0.5}, {may[2]: 3.0})
    # ... but a group whose leads name both days as often does not differ.
    assert not days_differ({may[11]: 3.0, may[2]: 3.0}, {may[2]: 3.0})
    assert not days_differ({}, {may[2]: 3.0})


def _weak_member_after_one_more_join(settings: StorySettings) -> tuple[str, list[str]]:
    """Story A (a flood on Birch Road, May 11) holds a report ``w`` told in the words of story
    B (a fire on Oak Lane, May 2) but dated May 11 and naming A's victim; one more report of
    A joins, and A's weakest member, ``w``, may move. Returns where A's newcomer went and the
    ids moved."""
    flood = "flood river rescue boat millbrook birch road"
    fire = "fire blaze house firefighters millbrook oak lane"
    rows = []

    def row(article_id: str, words: str, names: list[str], day: str, story: str) -> None:
        features = replace(_article(article_id, words, names), published=day, days=(day,))
        rows.append((features, StoryAssignment(article_id, story, 0.5, False)))

    for k in range(30):  # other news, so that the two stories' words are rare in the stream
        row(f"o{k}", f"other{k} filler{k}", [f"x{k}"], "2026-05-01", f"other-{k}")
    for i in range(3):
        row(f"b{i}", f"{fire} b{i}x", ["millbrook", "oak lane", "pimm"], "2026-05-02", "fire")
    for i in range(2):
        row(f"a{i}", f"{flood} a{i}x", ["millbrook", "birch road", "voss"], "2026-05-11", "flood")
    row("w", f"{fire} wx", ["millbrook", "oak lane", "voss"], "2026-05-11", "flood")
    clusterer = StoryClusterer(settings)
    clusterer.restore(rows)
    newcomer = _article("a2", f"{flood} a2x", ["millbrook", "birch road", "voss"])
    joined = clusterer.add(replace(newcomer, published="2026-05-11", days=("2026-05-11",)))
    return joined.story_id, [r.article_id for r in clusterer.take_revisions()]


def test_a_weak_member_does_not_move_to_a_story_whose_leads_name_another_day() -> None:
    assert _weak_member_after_one_more_join(StorySettings()) == ("flood", [])
    # Without the days, its words would take it to the fire of nine days before.
    undated = StorySettings(split_day_factor=1.0)
    assert _weak_member_after_one_more_join(undated) == ("flood", ["w"])


def _lone_report_then_its_event(vigil_days: tuple[str, ...]) -> list[list[str]]:
    """A report of a vigil for a cyclist (May 21) comes first and opens a story of its own:
    it shares no words with the first report of the crash (May 15). The second crash report
    names the victim and his school, as the vigil does."""
    clusterer = StoryClusterer()
    for k in range(30):  # other news, so that the stories' words are rare in the stream
        clusterer.add(_article(f"o{k}", f"other{k} filler{k}", [f"x{k}"]))
    crash = "cyclist killed driver struck bicycle police westbury"
    reports = [
        ("vigil", "bike painted white fence cyclists classmates rode junior",
         ["mercer", "westbury high"], "2026-05-22", vigil_days),
        ("crash-1", f"{crash} mirror", ["westbury", "county road"], "2026-05-16", ("2026-05-15",)),
        ("crash-2", f"{crash} named junior classmates",
         ["westbury", "county road", "mercer", "westbury high"], "2026-05-17", ("2026-05-15",)),
    ]  # fmt: skip
    for article_id, words, names, published, days in reports:
        features = _article(article_id, words, names)
        clusterer.add(replace(features, published=published, days=days))
    return sorted(sorted(ids) for ids in clusterer.stories().values() if len(ids) > 1)


def test_a_lone_report_joins_its_event_once_the_event_has_a_story() -> None:
    # The vigil's lead gives its own day and recalls the crash's: it joins the crash.
    assert _lone_report_then_its_event(("2026-05-21", "2026-05-15")) == [
        ["crash-1", "crash-2", "vigil"]
    ]
    # A lead that names only another day is another event's, and stays apart.
    assert _lone_report_then_its_event(("2026-05-21",)) == [["crash-1", "crash-2"]]
