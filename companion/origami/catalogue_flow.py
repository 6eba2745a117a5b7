"""The catalogue screen's writes: a value of the user's unset, the user's values shared as a catalogue file (with a
QR code of a small one), a club's file imported. The same functions as `companion catalog unset|export|import`."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from scoring.errors import InputError

from ..app_base import AppBase
from . import KIND

if TYPE_CHECKING:  # loaded with the catalogue screen, after the first paint
    from scoring.origami.catalog import Catalogue
    from screens.origami.catalogue import CatalogueScreen


class CatalogueFlow(AppBase):
    def on_catalogue_screen_forget(self, message: CatalogueScreen.Forget) -> None:
        from . import catalog_share

        def unset() -> str:
            return catalog_share.unset(*self.ready(), message.card, message.field)[1]

        self.catalogue_changed(unset, "Not unset")

    def on_catalogue_screen_import(self, message: CatalogueScreen.Import) -> None:
        from . import catalog_share

        def take() -> str:
            return catalog_share.import_file(*self.ready(), message.path, message.replace)[1]

        self.catalogue_changed(take, "Not imported")

    def on_catalogue_screen_export(self, message: CatalogueScreen.Export) -> None:
        from .. import qr
        from . import catalog_share

        try:
            said = catalog_share.export(self.reader(), message.path, message.by)[1]
            carried = catalog_share.code_text(message.path.read_text(encoding="utf-8"))
        except (InputError, OSError) as problem:
            self.notify(str(problem), title="Not shared", severity="error", timeout=10)
            return
        try:
            qr.matrix(carried)
        except ValueError:
            self.notify(f"{said}\nToo many values for a QR code: pass the file itself on.", timeout=12)
            return
        self.show_code(carried, f"{said}\nA phone scans this as text, to save as a .toml file and pass on. Esc closes.",
                       "enlarge the window, or pass the file itself on")

    def catalogue_changed(self, change: Callable[[], str], failed: str) -> None:
        """Run `change` on the user's catalogue, then show every screen the catalogue it leaves."""
        from screens.origami.catalogue import CatalogueScreen

        from .catalogue import with_values

        try:
            said = change()
        except InputError as problem:
            self.notify(str(problem), title=failed, severity="error", timeout=10)
            return
        store = self.reader()
        catalogue: Catalogue = with_values(self.base_catalogue(), store.catalogue.values(KIND))
        self.catalogue = catalogue
        if self.session is not None:
            self.session.catalogue = catalogue
        self.screen_of(CatalogueScreen).use_catalogue(catalogue)
        self.notify(said, timeout=12)
