"""The words that mark reported speech in news text: speech verbs, non-verb cues, source nouns.

Quote attribution hinges on a lexicon: a verb such as "snapped" or "muttered" is what turns a
clause into "who said what". Open extractors miss much of news usage (issue #3), so the lists
here are written from how reporters attribute, by lemma so that every tense is covered.
Kept as plain frozensets so that the extractor, the tests and the docs read the same words.
"""

from __future__ import annotations

# Verbs that introduce a direct quote or an indirect one ("X said (that) ..."), by lemma.
SPEECH_VERBS: frozenset[str] = frozenset(
    """
    say tell add note explain state declare announce report write tweet post answer
    reply respond retort ask wonder question insist maintain argue contend claim allege
    assert suggest warn caution admit acknowledge concede confess deny reveal disclose
    confirm recall remember recount describe continue repeat reiterate stress emphasize
    emphasise underscore highlight point observe remark comment mention joke quip snap
    mutter murmur whisper shout yell scream cry exclaim groan sigh gush rave rant fume
    complain grumble lament protest object boast brag promise pledge vow swear predict
    estimate testify concur agree disagree counter rebut dismiss mock taunt tease scoff
    sneer chide scold blast slam criticize criticise attack accuse charge praise thank
    urge plead beg demand propose recommend advise inform assure reassure tell warn
    threaten interject interrupt begin finish conclude summarize summarise conclude hint
    imply signal indicate acknowledge announce speculate theorize theorise guess figure
    reckon opine muse chuckle laugh smile grin giggle sob stammer stutter bark growl
    hiss roar bellow sing chant gasp breathe venture offer volunteer clarify correct
    elaborate observe cite quote call label brand dub show
    condemn denounce decry hail laud liken compare exhort proclaim rate term
    characterize characterise portray read
    """.split()  # noqa: SIM905 - a word list reads better as text
)

# Speech verbs whose particle, right after them, makes them another verb ("showed up late",
# "called off the vote", "the costs add up", "wrote off the debt"): no speech. ("Polls show
# Ines Varga up by 10 points" keeps its "show": the particle is not the next word.)
NON_SPEECH_PARTICLES: frozenset[tuple[str, str]] = frozenset(
    {
        ("show", "up"),
        ("show", "off"),
        ("call", "off"),
        ("add", "up"),
        ("write", "off"),
        ("tell", "apart"),
    }
)
PARTICLE_VERBS = frozenset(verb for verb, _ in NON_SPEECH_PARTICLES)

# Verbs of belief or intention that PolNeAR-style annotation also counts as attribution, but
# that only introduce indirect content (nobody "believes" a direct quote).
BELIEF_VERBS: frozenset[str] = frozenset(
    """
    believe think feel fear hope expect want know worry doubt suspect consider assume
    understand learn conclude decide agree plan intend
    """.split()  # noqa: SIM905 - a word list reads better as text
)

# Nouns of speech whose owner is the speaker of the clause they hold: "Trump's claim that
# there were 'thousands of shootings'", "her promise to be 'neutral'", "his earlier missive".
SPEECH_NOUNS: frozenset[str] = frozenset(
    """
    claim statement remark comment assertion warning promise pledge vow suggestion
    accusation allegation insistence argument message missive letter tweet post answer
    reply response declaration announcement prediction admission denial boast threat
    apology
    """.split()  # noqa: SIM905 - a word list reads better as text
)

# Verbs that must have a clause or a quote as content to count: "she called him" is no quote.
CONTENT_REQUIRED_VERBS: frozenset[str] = frozenset(
    """
    call label brand dub find show cite quote begin finish continue laugh smile grin
    sigh cry offer answer figure signal attack thank charge
    condemn denounce decry hail laud liken compare exhort rate term characterize
    characterise portray read
    """.split()  # noqa: SIM905 - a word list reads better as text
)

# Verbs of a public stance or refusal whose object is what a source said or backed
# ("endorsed the plan", "rejected the calls for a commission", "declined to comment"); they
# report a clause, a noun object, a to-infinitive or a passive subject, not a direct quote.
STANCE_VERBS: frozenset[str] = frozenset(
    """
    endorse reject defend echo discuss express reference blame decline refuse
    """.split()  # noqa: SIM905 - a word list reads better as text
)

# Words that open a quote in the phrase "be like" ("She's like, 'Oh my God'"), the spoken
# quotative; they count only right before a quotation mark.
QUOTATIVE_WORDS: frozenset[str] = frozenset({"like", "go", "goes", "went"})

# Head nouns of a source that is kept anonymous (issue #3): "the insider", "a source close to
# the couple", "one person", "officials". A mention with a name in it is not anonymous.
ANONYMOUS_NOUNS: frozenset[str] = frozenset(
    """
    source sources insider insiders person people official officials spokesperson
    spokespeople spokesman spokesmen spokeswoman spokeswomen aide aides adviser advisers
    advisor advisors friend friends confidant confidants observer observers witness
    witnesses commenter commenters critic critics fan fans viewer viewers user users
    follower followers someone somebody one others another some many few several insider
    resident residents neighbor neighbors neighbour neighbours staffer staffers employee
    employees member members expert experts analyst analysts worker workers individual
    individuals onlooker onlookers bystander bystanders reader readers second third
    fourth fifth sixth seventh eighth ninth tenth last latter former both all most
    """.split()  # noqa: SIM905 - a word list reads better as text
)

# Pronouns by the gender they refer to; "they" is left out because it refers to groups as
# often as to one person, and resolving it to one name would be a guess.
FEMALE_PRONOUNS: frozenset[str] = frozenset({"she", "her", "hers", "herself"})
MALE_PRONOUNS: frozenset[str] = frozenset({"he", "him", "his", "himself"})
PERSONAL_PRONOUNS: frozenset[str] = FEMALE_PRONOUNS | MALE_PRONOUNS

# Honorifics and kin or role nouns that tell a person's gender.
FEMALE_MARKERS: frozenset[str] = frozenset(
    """
    mrs mrs. ms ms. miss madam lady wife mother mom mum daughter sister girlfriend
    actress woman girl grandmother aunt niece queen princess duchess congresswoman
    chairwoman spokeswoman businesswoman fiancee fiancée widow
    """.split()  # noqa: SIM905 - a word list reads better as text
)
MALE_MARKERS: frozenset[str] = frozenset(
    """
    mr mr. sir husband father dad son brother boyfriend actor man boy grandfather uncle
    nephew king prince duke congressman chairman spokesman businessman fiance fiancé
    widower
    """.split()  # noqa: SIM905 - a word list reads better as text
)

# Kin nouns that link a description ("her husband") to the person it names ("Alec").
KIN_NOUNS: frozenset[str] = frozenset(
    """
    husband wife son daughter brother sister father mother dad mom mum partner boyfriend
    girlfriend fiance fiancé fiancee fiancée spouse
    """.split()  # noqa: SIM905 - a word list reads better as text
)

# Titles that precede a name and are not part of it.
TITLES: frozenset[str] = frozenset(
    """
    mr mr. mrs mrs. ms ms. miss dr dr. prof prof. sen sen. rep rep. gov gov. gen gen.
    president senator governor representative judge justice sir lady lord rev rev.
    secretary mayor speaker chairman chairwoman congressman congresswoman
    """.split()  # noqa: SIM905 - a word list reads better as text
)

# Common given names by the gender they usually carry (US and UK birth records, news names):
# a prior for resolving "he"/"she" when the article gives no honorific or pronoun vote. Kept
# short and lower-case; a name used for both ("taylor", "jordan") counts for neither here.
FEMALE_FIRST_NAMES: tuple[str, ...] = (
    "mary",
    "patricia",
    "jennifer",
    "linda",
    "elizabeth",
    "barbara",
    "susan",
    "jessica",
    "sarah",
    "karen",
    "lisa",
    "nancy",
    "betty",
    "margaret",
    "sandra",
    "ashley",
    "kimberly",
    "emily",
    "donna",
    "michelle",
    "carol",
    "amanda",
    "dorothy",
    "melissa",
    "deborah",
    "stephanie",
    "rebecca",
    "sharon",
    "laura",
    "cynthia",
    "kathleen",
    "amy",
    "angela",
    "shirley",
    "anna",
    "brenda",
    "pamela",
    "emma",
    "nicole",
    "helen",
    "samantha",
    "katherine",
    "christine",
    "debra",
    "rachel",
    "carolyn",
    "janet",
    "catherine",
    "maria",
    "heather",
    "diane",
    "ruth",
    "julie",
    "olivia",
    "joyce",
    "virginia",
    "victoria",
    "kelly",
    "lauren",
    "christina",
    "joan",
    "evelyn",
    "judith",
    "megan",
    "andrea",
    "cheryl",
    "hannah",
    "jacqueline",
    "martha",
    "gloria",
    "teresa",
    "ann",
    "sara",
    "madison",
    "frances",
    "kathryn",
    "janice",
    "jean",
    "abigail",
    "alice",
    "judy",
    "sophia",
    "grace",
    "denise",
    "amber",
    "doris",
    "marilyn",
    "danielle",
    "beverly",
    "isabella",
    "theresa",
    "diana",
    "natalie",
    "brittany",
    "charlotte",
    "marie",
    "kayla",
    "alexis",
    "lori",
    "hillary",
    "nikki",
    "condoleezza",
    "sonia",
    "elena",
    "ivana",
    "ivanka",
    "melania",
    "chelsea",
    "huma",
    "kellyanne",
    "dianne",
    "kamala",
    "elise",
    "susana",
    "tammy",
    "kirsten",
    "debbie",
    "jeanne",
    "jeanine",
    "sheryl",
    "oprah",
    "beyonce",
    "meghan",
    "kate",
    "camilla",
    "ines",
    "lorraine",
    "gretchen",
    "harriet",
    "paige",
    "lena",
    "mira",
    "nora",
    "claire",
    "clara",
    "eva",
    "eve",
    "ella",
    "lucy",
    "sophie",
    "zoe",
    "chloe",
    "hilaria",
    "angelina",
    "jane",
    "joanna",
    "josephine",
    "julia",
    "june",
    "karin",
    "katie",
    "kristen",
    "leah",
    "lily",
    "lydia",
    "mallory",
    "maya",
    "melanie",
    "meredith",
    "molly",
    "monica",
    "naomi",
    "olga",
    "paula",
    "penelope",
    "priya",
    "rita",
    "rosa",
    "rose",
    "sally",
    "sylvia",
    "tina",
    "tracy",
    "valerie",
    "vanessa",
    "wendy",
    "yvonne",
    "sonja",
    "ingrid",
    "greta",
    "astrid",
    "marta",
    "agnes",
    "amelia",
    "ava",
    "mia",
    "harper",
    "aria",
    "scarlett",
    "layla",
    "nadia",
    "fatima",
    "aisha",
    "mariam",
    "leila",
    "yasmin",
)
MALE_FIRST_NAMES: tuple[str, ...] = (
    "james",
    "robert",
    "john",
    "michael",
    "david",
    "william",
    "richard",
    "joseph",
    "thomas",
    "charles",
    "christopher",
    "daniel",
    "matthew",
    "anthony",
    "mark",
    "donald",
    "steven",
    "paul",
    "andrew",
    "joshua",
    "kenneth",
    "kevin",
    "brian",
    "george",
    "timothy",
    "ronald",
    "edward",
    "jason",
    "jeffrey",
    "ryan",
    "jacob",
    "gary",
    "nicholas",
    "eric",
    "jonathan",
    "stephen",
    "larry",
    "justin",
    "scott",
    "brandon",
    "benjamin",
    "samuel",
    "gregory",
    "alexander",
    "frank",
    "patrick",
    "raymond",
    "jack",
    "dennis",
    "jerry",
    "tyler",
    "aaron",
    "jose",
    "adam",
    "nathan",
    "henry",
    "douglas",
    "zachary",
    "peter",
    "kyle",
    "noah",
    "ethan",
    "jeremy",
    "walter",
    "christian",
    "keith",
    "roger",
    "terry",
    "austin",
    "sean",
    "gerald",
    "carl",
    "harold",
    "dylan",
    "arthur",
    "lawrence",
    "jesse",
    "bryan",
    "billy",
    "bruce",
    "gabriel",
    "joe",
    "logan",
    "alan",
    "juan",
    "albert",
    "willie",
    "elijah",
    "wayne",
    "randy",
    "vincent",
    "mason",
    "roy",
    "ralph",
    "bobby",
    "russell",
    "bradley",
    "philip",
    "eugene",
    "barack",
    "bernie",
    "mitt",
    "ted",
    "marco",
    "rand",
    "chris",
    "mike",
    "jeb",
    "newt",
    "rudy",
    "reince",
    "rex",
    "vladimir",
    "bill",
    "colin",
    "ray",
    "owen",
    "felix",
    "leonard",
    "tomas",
    "idris",
    "jasper",
    "desmond",
    "callum",
    "tom",
    "tim",
    "jim",
    "bob",
    "ben",
    "sam",
    "dan",
    "dave",
    "steve",
    "tony",
    "rick",
    "nick",
    "matt",
    "greg",
    "joel",
    "luke",
    "liam",
    "oliver",
    "lucas",
    "leo",
    "max",
    "oscar",
    "hugo",
    "ivan",
    "igor",
    "dmitri",
    "sergei",
    "boris",
    "emmanuel",
    "francois",
    "xi",
    "shinzo",
    "narendra",
    "mohammed",
    "muhammad",
    "ahmed",
    "ali",
    "omar",
    "hassan",
    "khalid",
    "abdul",
    "rahul",
    "amit",
    "raj",
    "chuck",
    "mitch",
    "orrin",
    "lamar",
    "elton",
    "hugh",
    "ian",
    "jake",
    "jared",
    "kurt",
    "lance",
    "marcus",
    "martin",
    "mario",
    "neil",
    "otis",
    "pete",
    "phil",
    "ron",
    "rory",
    "simon",
    "stanley",
    "stuart",
    "todd",
    "travis",
    "troy",
    "victor",
    "warren",
    "wesley",
    "xavier",
    "alec",
    "jimmy",
    "johnny",
    "lyndon",
    "dwight",
    "franklin",
    "herbert",
    "calvin",
    "woodrow",
    "ulysses",
    "abraham",
    "theodore",
    "grover",
)

# Every noun for people in this lexicon: sources, kin, gendered roles and titles ("officials",
# "her husband", "the actress", "the senator").
# Words for a day or a month: the parse sometimes makes one the subject of a speech verb
# ("Saturday, Hale said", "Tuesday's statement"), but a day never speaks. "May" is left out:
# it is a name as often as a month.
TIME_WORDS: frozenset[str] = frozenset(
    """
    monday tuesday wednesday thursday friday saturday sunday today tonight yesterday
    tomorrow january february march april june july august september october november
    december weekend
    """.split()  # noqa: SIM905 - a word list reads better as text
)
# Nouns for a person by the part they play in news (the officials' and candidates' roles
# the suffix rule of ``speakers._person_role_noun`` misses): "the GOP candidate", "the
# Vermont senator", "a New York judge" name a person whatever names describe them.
ROLE_NOUNS: frozenset[str] = frozenset(
    """
    candidate nominee businessman businesswoman front-runner frontrunner incumbent
    challenger official lawmaker legislator senator governor secretary judge justice
    attorney lawyer prosecutor chief director minister ambassador commander officer
    spokesman spokeswoman spokesperson aide adviser advisor strategist pollster delegate
    activist billionaire veteran diplomat envoy general admiral president vice-president
    candidate mayor sheriff representative congressman congresswoman chairman chairwoman
    chair host anchor moderator author economist professor scientist historian analyst
    """.split()  # noqa: SIM905 - a word list reads better as text
)
PEOPLE_NOUNS: frozenset[str] = ANONYMOUS_NOUNS | KIN_NOUNS | FEMALE_MARKERS | MALE_MARKERS | TITLES

# Head nouns of a source that is a document, a measurement or a study (singular forms;
# plurals are folded below). Nouns that also name people or outlets ("a key figure", "a
# number of officials", "the paper", "the model") are left out: a person is a speaker.
# Letters, statements, emails and posts are left out too: they are somebody's words, written
# down, and their author is the speaker.
DOCUMENT_NOUNS: frozenset[str] = frozenset(
    """
    report study survey poll research data statistic chart graph map table analysis
    review audit document record filing evidence estimate finding footage video photo
    image picture recording transcript census index forecast projection tally result
    test lawsuit complaint indictment affidavit petition ruling order warrant budget bill
    legislation law measure proposal plan
    """.split()  # noqa: SIM905 - a word list reads better as text
)
# Written texts whose words an article quotes as the text's own ("the letter states", "the
# statement said", "the resolution reads"), beside the documents above: the text is where the
# words are from (its author, where named, wrote them).
WRITTEN_TEXT_NOUNS: frozenset[str] = frozenset(
    """
    letter statement memo memorandum email e-mail missive message tweet post release
    resolution editorial petition filing brief motion communique communiqué announcement
    declaration manifesto notice note
    """.split()  # noqa: SIM905 - a word list reads better as text
)
# Documents of figures, pictures or measures rather than words ("the results", "the next
# test", "the chart", "the footage"): "it" after one is seldom that document speaking.
FIGURE_DOCUMENT_NOUNS: frozenset[str] = frozenset(
    """
    data statistic chart graph map table evidence estimate finding footage video photo
    image picture recording census index forecast projection tally result test poll survey
    """.split()  # noqa: SIM905 - a word list reads better as text
)
# Nouns for a text as one form or part of a document ("the original version of the
# resolution", "the draft", "a section of the bill"): the text speaks as its document does.
DOCUMENT_PART_NOUNS: frozenset[str] = frozenset(
    {"version", "draft", "copy", "text", "section", "passage", "paragraph", "clause", "page"}
)

# People by what they are rather than what they do, which PERSON_ROLE_SUFFIXES ("-er",
# "-ist") and the role lists miss: the heads a speaking noun phrase may have besides those.
# A common noun outside every list ("the war", "Catholic teaching") is no speaker.
PERSON_NOUNS: frozenset[str] = frozenset(
    """
    man men woman women boy girl child children kid kids teen teenager guy baby adult
    resident student pupil parent patient client victim survivor suspect expert scholar
    faculty staff staffer member citizen local democrat republican conservative liberal
    progressive moderate independent american voter crowd audience panel jury clergy
    family families couple pair bishop priest pastor rabbi imam cleric nun coach athlete
    star host anchor pundit graduate alumnus alumni relative colleague ally rival opponent
    head chair chairman chairwoman ceo executive employee volunteer agent president
    correspondent respondent participant guard cop detective deputy sheriff marshal
    congressman congresswoman representative rep incumbent nominee counsel consultant
    individual everyone everybody anyone anybody nobody friend neighbour neighbor
    protester protestor demonstrator activist worker crew squad army military troops
    soldier marine sailor pilot hero heir heiress celebrity guide chef clerk cook nurse
    medic surgeon captain poet mate nanny maid monk show production
    """.split()  # noqa: SIM905 - a word list reads better as text
)
