"""What the command line does before it imports the commands' modules.

Imported first by ``storylens.cli``: the collector is told to expect a long-lived heap, and
wordfreq is imported while the call stack is shallow.
"""

from __future__ import annotations

import gc

# Container objects allocated (net) between two young-generation collections while a command
# starts: its modules are imported and, for analyze, the model is loaded, some 200,000 objects
# that live as long as the process. At Python's default (700) the collector ran about 540
# times over them, four of them full collections, 0.4 s of CPU at every start of analyze; at
# this, twice (issue #22). It is the value analyze keeps once its model is loaded
# (``analyse.nlp.YOUNG_COLLECTION_THRESHOLD``), written out here because that module imports
# spaCy. The read commands make few objects; ``serve`` moves its start-up out of the
# collector's generations itself.
STARTUP_YOUNG_COLLECTION_THRESHOLD = 100_000

_young, *_older = gc.get_threshold()
gc.set_threshold(max(STARTUP_YOUNG_COLLECTION_THRESHOLD, _young), *_older)

# wordfreq finds its data files by inspecting the call stack when it is imported, at a cost
# that grows with the stack's depth and the modules already loaded: imported first, here,
# rather than at the bottom of the comparison's imports, it costs a third as much CPU
# (about 0.2 s at every start; issue #22).
import wordfreq  # noqa: E402, F401
