"""An Origami setup form: the shared checked form over the Origami catalogue, where a card value nobody knows is
asked for at Enter. Light to import (the new game's frame is pushed as soon as it is chosen): the cards' names and the
question load when first needed."""
from __future__ import annotations

from typing import TYPE_CHECKING

from scoring.errors import InputError, MissingValue
from scoring.i18n import _

from ..form import CheckedForm

if TYPE_CHECKING:
    from scoring.origami.catalog import Catalogue


class CatalogueForm(CheckedForm):
    catalogue: Catalogue
    missing: MissingValue | None = None

    def entered(self, field: str | None) -> None:
        if self.missing is not None:
            from .question import ask_value

            ask_value(self, self.missing, catalogue=self.catalogue)
        else:
            super().entered(field)

    def use_catalogue(self, catalogue: Catalogue) -> None:
        """The app stored a value read off a card: check again with it."""
        self.catalogue = catalogue
        self.check()

    def stuck(self, problem: InputError | MissingValue) -> None:
        """Why the form cannot be recorded yet; a value nobody knows is asked for at Enter."""
        if isinstance(problem, MissingValue):
            from scoring.origami.card_names import shown_id

            self.missing = problem
            self.refused(_("{card}: {field} not known yet — Enter asks for it.").format(
                card=shown_id(problem.card, self.catalogue), field=_(problem.field.replace("_", " "))))
        else:
            self.refused(str(problem))
