"""Lineage: the outlets an outlet credits, as the sourcing table names them."""

from __future__ import annotations


def test_the_outlets_an_outlet_credits_are_named_once_each_by_their_fullest_name() -> None:
    from storylens.compare.lineage import outlets_credited
    from storylens.records import Credit, LineageEntry

    lineage = [
        LineageEntry(
            "a1",
            "Echo",
            None,
            "cites",
            credits=(Credit("the Harbor Gazette", 0, 18), Credit("Gazette", 40, 47)),
        ),
        LineageEntry("a2", "Echo", None, "cites", credits=(Credit("Metro Wire", 5, 15),)),
        LineageEntry("b1", "Courier", None, "first", credits=(Credit("Signal Post", 0, 11),)),
    ]
    assert outlets_credited(lineage, "Echo") == ("the Harbor Gazette", "Metro Wire")
    assert outlets_credited(lineage, "Courier") == ("Signal Post",)
    assert outlets_credited(lineage, "Ledger") == ()
