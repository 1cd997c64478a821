"""The parts of the comparison, each alone, on small written stories."""

from __future__ import annotations

import re

import pytest

from storylens.compare.claims import ClaimJudge, align_claims, claim_units, similarity_matrix
from storylens.compare.details import compare_dates, find_conflicts, money_value
from storylens.compare.framing import tone_profiles
from storylens.compare.lineage import find_echoes, lineage
from storylens.compare.quotes import QuoteInStory, align_quotes
from storylens.compare.serialise import (
    comparison_from_json,
    comparison_to_json,
    quote_groups_from_json,
)
from storylens.compare.sourcing import sourcing_profiles
from storylens.compare.story import compare_story
from storylens.compare.variants import classify_variant
from storylens.records import (
    AnalysedArticle,
    Article,
    Claim,
    CleanArticle,
    Entity,
    Quote,
    Span,
    StoryMember,
    Timex,
    ToneMark,
)


def member(
    article_id: str,
    outlet: str,
    text: str,
    *,
    published: str | None = None,
    people: tuple[str, ...] = (),
    places: tuple[str, ...] = (),
    quotes: tuple[Quote, ...] = (),
    timexes: tuple[Timex, ...] = (),
    tone: tuple[ToneMark, ...] = (),
    boilerplate: tuple[str, ...] = (),
    duplicate_of: str | None = None,
    seq: int = 0,
) -> StoryMember:
    """A stored article as the compare stage sees it: sentences by punctuation, the named
    people and places as entities wherever they occur."""
    sentences = tuple(
        Span(m.start(), m.end(), "sentence") for m in re.finditer(r"[^.!?\n]+[.!?]*", text)
    )
    entities = tuple(
        Entity(m.group(), label, m.start(), m.end())
        for label, names in (("PERSON", people), ("GPE", places))
        for name in names
        for m in re.finditer(re.escape(name), text)
    )
    marked = tuple(
        Span(text.index(line), text.index(line) + len(line), "caption restating the body")
        for line in boilerplate
    )
    analysed = AnalysedArticle(
        clean=CleanArticle(
            Article(article_id, text, outlet=outlet, published=published), boilerplate=marked
        ),
        sentences=sentences,
        entities=entities,
        quotes=quotes,
        timexes=timexes,
        tone=tone,
    )
    return StoryMember(analysed, duplicate_of=duplicate_of, seq=seq)


def quote(text: str, whole: str, speaker: str | None, kind: str = "direct", **kw: str) -> Quote:
    start = whole.index(text)
    return Quote(
        text=text,
        start=start,
        end=start + len(text),
        speaker=speaker,
        speaker_mention=kw.get("mention", speaker),
        speaker_start=None,
        speaker_end=None,
        speaker_type=kw.get("type", "person"),  # type: ignore[arg-type]
        cue="said",
        kind=kind,  # type: ignore[arg-type]
    )


# -- quote variants --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "relation"),
    [
        ("Oh my God. When I'm talking, you're not talking.", "identical"),
        ("oh my god, when I’m talking you’re not talking", "identical"),
        ("OMG! When I'm talking, you're not talking.", "reworded"),
        ("When I'm talking, you're not talking.", "truncated"),
        ("No, when I'm talking, you're not talking.", "extended"),
        ("Oh my God. When I am talking, you are not talking.", "reworded"),
    ],
)
def test_each_wording_is_classified_against_the_fullest(variant: str, relation: str) -> None:
    found, _ = classify_variant("Oh my God. When I'm talking, you're not talking.", variant)
    assert found == relation


def test_the_diff_is_data_kept_removed_added() -> None:
    _, diff = classify_variant("Oh my God. When I'm talking.", "OMG! When I'm talking.")
    assert [(run.op, run.words) for run in diff] == [
        ("remove", "Oh my God"),
        ("add", "OMG"),
        ("keep", "When I'm talking"),
    ]


def q(
    article: str, outlet: str, text: str, speaker: str | None, kind: str = "direct", start: int = 0
) -> QuoteInStory:
    return QuoteInStory(article, outlet, text, speaker, kind, start, start + len(text))


def test_another_speaker_for_the_same_words_is_a_possible_misattribution() -> None:
    groups = align_quotes(
        [
            q("a1", "Echo", "We will rebuild the pier before the summer season", "Dana Holt"),
            q("a2", "Courier", "We will rebuild the pier before the summer season", "Dana Holt"),
            q("a3", "Ledger", "We will rebuild the pier before the summer season", "Sam Ito"),
        ]
    )
    relations = {v.article_id: v.relation for v in groups[0].variants}
    assert relations == {"a1": "reference", "a2": "identical", "a3": "misattributed"}


def test_reported_speech_with_the_same_words_is_a_paraphrase() -> None:
    groups = align_quotes(
        [
            q("a1", "Echo", "We will rebuild the pier before the summer season", "Dana Holt"),
            q(
                "a2",
                "Courier",
                "the pier would be rebuilt before the summer season",
                "Dana Holt",
                "indirect",
            ),
        ]
    )
    assert [(v.article_id, v.relation) for v in groups[0].variants] == [
        ("a1", "reference"),
        ("a2", "paraphrased"),
    ]


def test_a_quote_inside_another_quote_of_the_article_is_not_its_variant() -> None:
    outer = "He told me, 'Get out of here right now,' and walked off"
    groups = align_quotes(
        [
            q("a1", "Echo", outer, "Sam Ito", start=10),
            q("a1", "Echo", "Get out of here right now", "Dana Holt", "nested", start=22),
        ]
    )
    assert len(groups) == 2


# -- claims ----------------------------------------------------------------------------------

ECHO = (
    "Fire crews fought a blaze at the Port Alder grain warehouse on Tuesday night. "
    "Chief Rosa Lind said nobody was hurt. "
    "The warehouse had been empty since March."
)
COURIER = (
    "A fire tore through the empty grain warehouse in Port Alder on Tuesday. "
    "Nobody was hurt, Chief Rosa Lind said. "
    "Residents said the smoke could be seen from the ferry terminal."
)


# A claim no other outlet's sentence matches: its outlet's own, or unplaced.
LONE = {"only", "unplaced"}


def compare_claims(*members: StoryMember) -> dict[str, str]:
    units = claim_units(members)
    claims = align_claims(members, units, similarity_matrix(units))
    return {f"{c.article_id}: {c.text}": c.status for c in claims}


def test_the_same_fact_in_other_words_is_shared_and_a_lone_fact_is_only_here() -> None:
    people, places = ("Rosa Lind",), ("Port Alder",)
    statuses = compare_claims(
        member("e", "Echo", ECHO, people=people, places=places),
        member("c", "Courier", COURIER, people=people, places=places),
    )
    assert statuses["e: Chief Rosa Lind said nobody was hurt."] == "shared"
    assert statuses["c: Nobody was hurt, Chief Rosa Lind said."] == "shared"
    # lone: the outlet's own, or listed apart where the lone-claim model cannot tell
    assert statuses["e: The warehouse had been empty since March."] in LONE
    assert statuses["c: Residents said the smoke could be seen from the ferry terminal."] in LONE


def test_a_syndicated_copy_confirms_nothing() -> None:
    statuses = compare_claims(
        member("e", "Echo", ECHO),
        member("e-copy", "Lakeside Tribune", ECHO, duplicate_of="e"),
    )
    assert set(statuses.values()) == {"only", "copy"}
    assert all(s == "copy" for k, s in statuses.items() if k.startswith("e-copy"))


def test_boilerplate_is_never_a_claim_and_no_claim_runs_across_lines() -> None:
    text = (
        ECHO + "\nFire crews fought a blaze at the Port Alder grain warehouse\nShare this article"
    )
    units = claim_units(
        [
            member(
                "e",
                "Echo",
                text,
                boilerplate=(
                    "Fire crews fought a blaze at the Port Alder grain warehouse\n".strip(),
                ),
            )
        ]
    )
    texts = [u.text for u in units]
    assert "Share this article" in texts  # not marked here, and a line of its own
    assert not any("warehouse\nShare" in t for t in texts)
    assert (
        texts.count("Fire crews fought a blaze at the Port Alder grain warehouse on Tuesday night.")
        == 1
    )


# -- details ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "status"),
    [
        ("2025-02-04", "2025-W06", "agree"),
        ("2025-02-04", "2025-W07", "disagree"),
        ("2025-02", "2025-02-28", "agree"),
        ("2025-Q1", "2025-04-01", "disagree"),
        ("XXXX-WXX-2", "2025-W06", "unchecked"),
    ],
)
def test_dates_compare_as_the_days_they_cover(a: str, b: str, status: str) -> None:
    assert compare_dates(a, b)[0] == status


def test_money_amounts_read_their_scale() -> None:
    assert money_value("$2.4 million") == 2_400_000
    assert money_value("£300") == 300


def _conflicts(*members: StoryMember) -> list[tuple[str, str, str]]:
    units = claim_units(members)
    found = find_conflicts(members, units, similarity_matrix(units), {})
    return [(c.kind, c.status, f"{c.first.value}/{c.second.value}") for c in found]


def test_a_persons_age_is_compared_across_outlets() -> None:
    people = ("Mara Quist",)
    conflicts = _conflicts(
        member("e", "Echo", "Mara Quist, 52, opened the bakery in 1999.", people=people),
        member("c", "Courier", "The owner, Mara Quist, 53, said she would reopen.", people=people),
    )
    assert ("age", "disagree", "52/53") in conflicts


def test_a_relative_date_without_publication_dates_cannot_be_checked() -> None:
    a_text = "Hilda Brand spoke at the reopening of the Grand Mill Theatre last week."
    b_text = "Hilda Brand gave a speech at the Grand Mill Theatre reopening on Tuesday."
    a = Timex(
        a_text.index("last week"),
        a_text.index("last week") + 9,
        "last week",
        "XXXX-WXX",
        "DATE",
        True,
    )
    b = Timex(
        b_text.index("on Tuesday") + 3,
        b_text.index("on Tuesday") + 10,
        "Tuesday",
        "XXXX-WXX-2",
        "DATE",
        True,
    )
    people = ("Hilda Brand",)
    undated = _conflicts(
        member("e", "Echo", a_text, people=people, timexes=(a,)),
        member("c", "Courier", b_text, people=people, timexes=(b,)),
    )
    assert [c[:2] for c in undated] == [("date", "unchecked")]
    dated = _conflicts(
        member(
            "e",
            "Echo",
            a_text,
            people=people,
            published="2025-02-10",
            timexes=(Timex(a.start, a.end, a.text, "2025-W06", "DATE", True),),
        ),
        member(
            "c",
            "Courier",
            b_text,
            people=people,
            published="2025-02-05",
            timexes=(Timex(b.start, b.end, b.text, "2025-02-04", "DATE", True),),
        ),
    )
    assert [c[:2] for c in dated] == [("date", "agree")]


def test_counts_of_the_same_thing_in_the_same_claim_disagree() -> None:
    a_text = "Brightwave will cut 300 jobs at its Dunmore plant, the company said."
    b_text = "Brightwave said it would cut 250 jobs at the Dunmore plant."

    def numbers(text: str, value: str, phrase: str) -> tuple[Span, ...]:
        start = text.index(phrase)
        return (Span(start, start + len(phrase), value, phrase),)

    e = member("e", "Echo", a_text, places=("Dunmore",))
    c = member("c", "Courier", b_text, places=("Dunmore",))
    e = StoryMember(
        AnalysedArticle(
            e.analysed.clean,
            e.analysed.sentences,
            e.analysed.entities,
            numbers=numbers(a_text, "300", "300"),
        )
    )
    c = StoryMember(
        AnalysedArticle(
            c.analysed.clean,
            c.analysed.sentences,
            c.analysed.entities,
            numbers=numbers(b_text, "250", "250"),
        )
    )
    assert ("count", "disagree", "300/250") in _conflicts(e, c)


def test_a_persons_role_is_compared_across_outlets() -> None:
    people = ("Ana Brill",)
    conflicts = _conflicts(
        member(
            "e", "Echo", "The vote was called by councillor Ana Brill on Monday.", people=people
        ),
        member("c", "Courier", "The vote was called by mayor Ana Brill.", people=people),
    )
    assert ("role", "disagree", "councillor/mayor") in conflicts


# -- sourcing, tone, lineage -----------------------------------------------------------------


def test_sourcing_counts_anonymous_sources_and_who_is_left_out() -> None:
    e_text = "'They love a fight,' an insider said. 'It is all fine,' Dana Holt said."
    c_text = "'It is all fine,' Dana Holt said. 'We will see,' Sam Ito said."
    e = member(
        "e",
        "Echo",
        e_text,
        quotes=(
            quote("They love a fight,", e_text, "the insider", type="anonymous"),
            quote("It is all fine,", e_text, "Dana Holt"),
        ),
    )
    c = member(
        "c",
        "Courier",
        c_text,
        quotes=(
            quote("It is all fine,", c_text, "Dana Holt"),
            quote("We will see,", c_text, "Sam Ito"),
        ),
    )
    _, outlets = sourcing_profiles([e, c], {})
    echo = next(p for p in outlets if p.outlet == "Echo")
    counts = {s.source_type: s.quotes for s in echo.counts}
    assert counts["anonymous"] == 1 and counts["person"] == 1
    assert echo.anonymous == ("the insider",)
    assert echo.left_out == ("Sam Ito",)
    assert echo.anonymous_share == 0.5


def test_tone_sets_each_outlets_own_words_against_the_others() -> None:
    a_text, b_text = (
        "But the interview was harmless.",
        "It was an excruciatingly awkward interview.",
    )
    a = member("a", "Echo", a_text, tone=(ToneMark(20, 28, "harmless", "positive", "own"),))
    b = member(
        "b",
        "Courier",
        b_text,
        tone=(
            ToneMark(10, 32, "excruciatingly awkward", "negative", "own"),
            ToneMark(0, 2, "playful banter", "positive", "quoted", speaker="the insider"),
        ),
    )
    profiles = {p.article_id: p for p in tone_profiles([a, b], {})}
    assert profiles["a"].distinctive == ("harmless",)
    assert profiles["b"].distinctive == ("excruciatingly awkward",)
    assert profiles["b"].adopted == ("playful banter (the insider)",)


def test_lineage_orders_by_date_and_finds_reused_sentences() -> None:
    wire = (
        "The Kessler Bridge will close for six weeks of repairs starting on Monday morning. "
        "Drivers should use the ring road."
    )
    later = (
        "The Kessler Bridge will close for six weeks of repairs starting Monday morning. "
        "Shops on Quay Street fear lost trade."
    )
    members = [
        member("late", "Courier", later, published="2026-03-03", seq=1),
        member("wire", "Metro Wire", wire, published="2026-03-02", seq=2),
    ]
    units = claim_units(members)
    cosine = similarity_matrix(units)
    echoes, pairs = find_echoes(members, units, cosine, {})
    assert [(e.article_id, e.earlier_article_id) for e in echoes] == [("late", "wire")]
    entries = lineage(members, units, pairs, {})
    assert [(e.article_id, e.role) for e in entries] == [("wire", "first"), ("late", "echo")]


def test_two_outlets_quoting_one_statement_alike_reuse_nothing() -> None:
    statement = (
        "“We will reopen the Kessler Bridge before the holiday, whatever the weather does,” "
        "Mayor Ana Brill said in a statement."
    )
    members = [
        member("late", "Courier", statement + " Shops on Quay Street fear lost trade.",
               published="2026-03-03", seq=1),
        member("wire", "Metro Wire", statement + " Drivers should use the ring road.",
               published="2026-03-02", seq=2),
    ]  # fmt: skip
    units = claim_units(members)
    echoes, pairs = find_echoes(members, units, similarity_matrix(units), {})
    assert echoes == [] and pairs == set()


def test_a_quoted_paragraph_copied_with_its_narration_is_reused() -> None:
    # the reporter's own words around the quotation are copied too: one outlet's paragraph
    paragraph = (
        "Debate was closed to the public, but the plan “keeps the pier open for ferries, "
        "fishing boats and the summer festival crowds, whatever the council decides next "
        "year,” said Ana Brill of the board."
    )
    members = [
        member("late", "Courier", paragraph + " Shops on Quay Street fear lost trade.",
               published="2026-03-03", seq=1),
        member("wire", "Metro Wire", paragraph + " Drivers should use the ring road.",
               published="2026-03-02", seq=2),
    ]  # fmt: skip
    units = claim_units(members)
    echoes, _ = find_echoes(members, units, similarity_matrix(units), {})
    # the quoted sentence, and the opening clause the claims cut from it, copied with it
    assert {(e.article_id, e.earlier_article_id) for e in echoes} == {("late", "wire")}
    assert [e.text for e in echoes] == [
        "Debate was closed to the public",
        paragraph.removeprefix("Debate was closed to the public, but "),
    ]


def test_a_short_quoted_sentence_next_to_a_reused_one_is_reused_with_it() -> None:
    # alone, "It said ..." is too short to show copying; after a copied
    # sentence, standing after its counterpart too, it is the rest of the copied paragraph
    copied = (
        "The final wording will not be released until the harbour board approves the plan "
        "at its meeting in October. It said the pier would close soon."
    )
    members = [
        member("late", "Courier", copied + " Shops on Quay Street fear lost trade.",
               published="2026-03-03", seq=1),
        member("wire", "Metro Wire", copied + " Drivers should use the ring road.",
               published="2026-03-02", seq=2),
        member("other", "Valley Post", "Ferries run. It said the pier would close soon.",
               published="2026-03-04", seq=3),
    ]  # fmt: skip
    units = claim_units(members)
    echoes, _ = find_echoes(members, units, similarity_matrix(units), {})
    assert [(e.article_id, e.text[:11]) for e in echoes] == [
        ("late", "The final w"),
        ("late", "It said the"),
    ]


def test_a_sentence_two_outlets_print_word_for_word_is_never_only_one_outlets() -> None:
    # A wire story run by a second paper: the copied sentences are the wire's and the
    # paper's both (echoed: the echo confirms nothing), not "only in" either of them.
    wire = (
        "The Kessler Bridge will close for six weeks of repairs starting on Monday morning. "
        "Engineers found corrosion in two of the steel cables that hold the deck. "
        "Drivers should use the ring road."
    )
    paper = (
        "The Kessler Bridge will close for six weeks of repairs starting on Monday morning. "
        "Engineers found corrosion in two of the steel cables that hold the deck. "
        "Shops on Quay Street fear lost trade."
    )
    members = [
        member("wire", "Metro Wire", wire, published="2026-03-02", seq=1),
        member("paper", "Lakeside Tribune", paper, published="2026-03-03", seq=2),
    ]
    units = claim_units(members)
    cosine = similarity_matrix(units)
    _, pairs = find_echoes(members, units, cosine, {})
    claims = align_claims(members, units, cosine, frozenset(pairs))
    status = {(c.article_id, c.text[:20]): (c.status, c.echoed_by) for c in claims}
    assert status[("wire", "The Kessler Bridge w")] == ("shared", ("Lakeside Tribune",))
    assert status[("paper", "Engineers found corr")] == ("shared", ("Metro Wire",))
    # the sentences only one of them prints are lone (its own, or not placed either way)
    for lone in (("wire", "Drivers should use t"), ("paper", "Shops on Quay Street")):
        assert status[lone][0] in ("only", "unplaced") and status[lone][1] == ()


def test_a_whole_comparison_survives_its_json() -> None:
    people = ("Rosa Lind",)
    comparison = compare_story(
        "s-1",
        [
            member("e", "Echo", ECHO, people=people, published="2026-03-02"),
            member("c", "Courier", COURIER, people=people, published="2026-03-03"),
        ],
    )
    assert comparison.first_article_id == "e"
    # The two outlets word the lead claim differently: each keeps its own sentence.
    first = comparison.summary[0]
    assert first.outlets == (first.outlet,)
    assert [outlet for outlet, _ in first.other_wordings] == [
        ({"Echo", "Courier"} - {first.outlet}).pop()
    ]
    assert comparison_from_json(comparison_to_json(comparison)) == comparison


def test_dense_vectors_can_align_claims_told_in_other_words() -> None:
    import numpy as np

    members = [
        member("e", "Echo", "The mayor quit on Friday."),
        member("c", "Courier", "On Friday the town leader resigned."),
    ]
    units = claim_units(members)
    alike = np.ones((len(units), 2)) / np.sqrt(2)  # every claim the same direction
    apart = np.eye(len(units), 2)  # each claim its own direction

    def aligned(vectors: np.ndarray) -> set[str]:
        cosine = similarity_matrix(units, vectors=vectors)
        judge = ClaimJudge(units, vectors)
        return {c.status for c in align_claims(members, units, cosine, min_shared=0, judge=judge)}

    words_only = align_claims(members, units, similarity_matrix(units))
    assert {c.status for c in words_only} <= LONE
    assert aligned(alike) == {"shared"}
    assert aligned(apart) <= LONE  # the same-claim model decides, not the cosine alone


@pytest.mark.parametrize(
    ("mention", "expected"),
    [
        ("the insider", "anonymous"),
        ("sources close to the couple", "anonymous"),
        ("a Downing Street source", "anonymous"),
        ("one person", "unnamed"),
        ("a third person", "unnamed"),
        ("an Extra reporter", "unnamed"),
        ("many", "unnamed"),
    ],
)
def test_anonymous_sources_apart_from_unnamed_people(mention: str, expected: str) -> None:
    from storylens.compare.sourcing import source_type

    assert source_type("anonymous", mention) == expected


def test_a_website_is_an_organisation_not_an_unnamed_person() -> None:
    from storylens.compare.sourcing import source_type

    assert source_type("anonymous", "Breitbart's BigGovernment.com") == "organization"
    assert source_type("anonymous", "the insider") == "anonymous"  # no website


def test_a_capital_at_the_start_of_a_mention_is_no_affiliation() -> None:
    from storylens.compare.sourcing import source_type

    assert source_type("anonymous", "Others") == "unnamed"
    assert source_type("anonymous", "Insiders") == "anonymous"


def test_the_comparison_counts_speech_only() -> None:
    """A belief or a document's finding attributed to someone is no quote of who said what:
    it is aligned with nothing and counted in no sourcing profile (issue 12)."""
    from dataclasses import replace

    e_text = "'The pier is unsafe,' Dana Holt said. 'Costs will rise,' the report shows."
    c_text = "'The pier is unsafe,' Dana Holt said. 'Costs will rise,' Sam Ito believes."
    e = member(
        "e",
        "Echo",
        e_text,
        quotes=(
            quote("The pier is unsafe,", e_text, "Dana Holt"),
            # a finding ("shows"); a document's own words ("the report reads") are compared
            replace(quote("Costs will rise,", e_text, "the report"), act="evidence", cue="shows"),
        ),
    )
    c = member(
        "c",
        "Courier",
        c_text,
        quotes=(
            quote("The pier is unsafe,", c_text, "Dana Holt"),
            replace(quote("Costs will rise,", c_text, "Sam Ito"), act="thought"),
        ),
    )
    comparison = compare_story("s", [e, c])
    carried = [v.text for group in comparison.quote_groups for v in group.variants]
    assert any("pier is unsafe" in text for text in carried)
    assert not any("Costs will rise" in text for text in carried)
    _, outlets = sourcing_profiles([e, c], {})
    courier = next(p for p in outlets if p.outlet == "Courier")
    assert sum(s.quotes for s in courier.counts) == 1 and courier.left_out == ()


def test_a_persons_page_reads_only_the_quote_groups_they_speak_in() -> None:
    a = "Mayor Rosa Lind said: “The depot will reopen in May, whatever it costs.”"
    b = "“The depot will reopen in May, whatever it costs,” Rosa Lind said on Monday."
    words = "The depot will reopen in May, whatever it costs"
    members = [
        member("a", "Echo", a, quotes=(quote(words + ".", a, "Rosa Lind"),)),
        member("b", "Courier", b, quotes=(quote(words + ",", b, "Rosa Lind"),)),
    ]
    comparison = compare_story("s-1", members)
    assert comparison.quote_groups
    stored = comparison_to_json(comparison)
    assert quote_groups_from_json(stored) == comparison.quote_groups
    assert quote_groups_from_json(stored, frozenset({"rosa lind"})) == comparison.quote_groups
    assert quote_groups_from_json(stored, frozenset({"ana brill"})) == ()


def _aligned(*texts: tuple[str, str]) -> dict[str, Claim]:
    members = [
        member(f"a{i}", outlet, text, published="2026-03-02", people=("Delia Ruiz",), seq=i)
        for i, (outlet, text) in enumerate(texts)
    ]
    units = claim_units(members)
    claims = align_claims(members, units, similarity_matrix(units))
    return {claim.outlet: claim for claim in claims if "harbour fees" in claim.text}


def test_two_claims_made_of_one_quotation_are_the_same_claim() -> None:
    # the same words of one speaker, each outlet with its own line of narration: shared,
    # though the same-claim model reads the narration apart (p=0.09)
    claims = _aligned(
        ("Gazette", 'Asked point-blank, "Is the levy coming back?" Ruiz replied, "You know we '
         'will not raise the harbour fees this year."'),
        ("Courier", '"We will not raise the harbour fees this year," Ruiz told reporters on the '
         "quay."),
    )  # fmt: skip
    assert claims["Gazette"].status == "shared"
    assert claims["Gazette"].shared_with == ("Courier",)
    assert claims["Courier"].shared_with == ("Gazette",)
    assert "quotation" in claims["Gazette"].matches[0].reason


def test_a_quotation_in_the_background_of_another_claim_is_no_shared_claim() -> None:
    # the quoted words are a small part of a sentence that tells something else
    claims = _aligned(
        ("Gazette", '"We will not raise the harbour fees this year," Ruiz told reporters.'),
        ("Courier", 'A week after promising she would "not raise the harbour fees this year," '
         "Delia Ruiz announced a new parking levy for every visitor to the old town and the "
         "pier on Monday evening."),
    )  # fmt: skip
    assert "Gazette" not in claims["Courier"].shared_with


def test_two_spans_of_years_of_one_term_meet_end_to_end() -> None:
    # the years of each span stand far from any shared word ("served" / "held the seat"):
    # the spans meet as spans, first year with first, last with last
    def years(text: str) -> tuple[Timex, ...]:
        return tuple(
            Timex(m.start(), m.end(), m.group(), m.group(), "DATE")
            for m in re.finditer(r"\b\d{4}\b", text)
        )

    people = ("Edwin Marlow",)
    a = (
        "Ada Penn will be the second woman to hold the seat, after Edwin Marlow, who served "
        "from 1967 to 1979."
    )
    b = (
        "Ada Penn will be the first woman in the seat since Edwin Marlow, a Liberal, held the "
        "seat from 1966 to 1978."
    )
    conflicts = _conflicts(
        member("e", "Echo", a, people=people, timexes=years(a)),
        member("c", "Courier", b, people=people, timexes=years(b)),
    )
    assert ("date", "disagree", "1967/1966") in conflicts
    assert ("date", "disagree", "1979/1978") in conflicts
