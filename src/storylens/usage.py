"""The usage block of docs/usage.md, built from the command tree so it says what ``--help`` says.

docs/usage.md runs :func:`usage_block` through cog (``make readme`` rewrites the block) and
tests/test_docs.py fails when its copy is stale. Typer bundles its own click, so a
parameter is told apart by its ``param_type_name``, never by its class.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import cast

import typer
import typer.main
from typer.core import TyperArgument, TyperGroup, TyperOption

# The order a reader meets the commands in: compare two articles, fill a store, read it, look
# at one saved page, serve it. A command not named here follows them, in the order
# cli/__init__.py registers it, so a new command is never left out of the usage block.
README_ORDER = (
    "compare",
    "analyze",
    "watch",
    "settings",
    "stories",
    "show",
    "report",
    "export",
    "search",
    "explain",
    "serve",
)


def usage_block(app: typer.Typer, order: Sequence[str] = README_ORDER) -> str:
    """The usage block's ```sh block: :func:`usage_lines` between the fences."""
    return "```sh\n" + "\n".join(usage_lines(app, order)) + "\n```\n"


def usage_lines(app: typer.Typer, order: Sequence[str] = README_ORDER) -> list[str]:
    """One synopsis line per command (``storylens report STORY_ID [--db PATH|URL] ...``),
    then one per option of the program itself, with its help as a comment."""
    root = typer.main.get_command(app)
    if not isinstance(root, TyperGroup):
        raise TypeError(f"{root.name}: a Typer app with commands is needed")
    program = root.name or "storylens"
    commands = {name: command for name, command in root.commands.items() if not command.hidden}
    names = [name for name in order if name in commands]
    names += [name for name in commands if name not in names]
    lines = [
        " ".join([program, name, *map(_synopsis, _shown(commands[name].params))]) for name in names
    ]
    for param in _shown(root.params):
        if param.param_type_name != "option":
            continue
        option = cast(TyperOption, param)
        # An eager option (--version) acts before any command and exits; the others go before
        # the command they change.
        line = f"{program} {_option_words(option)}" + ("" if option.is_eager else " COMMAND ...")
        # Help text is Rich markup, where "\[" is a literal "[".
        help_text = (option.help or "").replace("\\[", "[")
        lines.append(f"{line}   # {help_text}" if help_text else line)
    return lines


def _shown(params: Iterable[object]) -> list[TyperArgument | TyperOption]:
    return [
        cast(TyperArgument | TyperOption, param)
        for param in params
        if not getattr(param, "hidden", False)
    ]


def _synopsis(param: TyperArgument | TyperOption) -> str:
    """``STORY_ID``, ``[INPUT...]``, ``{a,b}``, ``[--format/-f md|json]``, ``[--urls FILE]...``."""
    if param.param_type_name == "argument":
        word = _value(param, argument=True) + ("..." if param.nargs == -1 else "")
        return word if param.required else f"[{word}]"
    option = cast(TyperOption, param)
    words = _option_words(option)
    shown = words if option.required else f"[{words}]"
    return shown + "..." if option.multiple or option.count else shown


def _option_words(option: TyperOption) -> str:
    """``--format/-f md|json``: every name of the option, then what its value looks like."""
    names = "/".join(option.opts + option.secondary_opts)
    return names if option.is_flag or option.count else f"{names} {_value(option)}"


def _value(param: TyperArgument | TyperOption, *, argument: bool = False) -> str:
    """What a value looks like: the metavar the cli gives, else the choices, else the name."""
    if param.metavar:
        return param.metavar
    described = param.type_descriptor
    if described.is_choice:
        choices = [str(getattr(choice, "value", choice)) for choice in described.choices or ()]
        # A positional choice is braced, as argparse shows it; an option's follows its name.
        return "{" + ",".join(choices) + "}" if argument else "|".join(choices)
    return (param.name or "").upper()
