"""A form read and posted as a browser does: the controls of a piece of
HTML, filled in, and the fields a click on one of its submit buttons sends
(HTML's "constructing the entry list": checked boxes only, a select's
chosen option or else its first, the clicked button alone among the
buttons). Read with the standard library's parser, so what is tested is
the HTML itself."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

Posted = dict[str, list[str]]


@dataclass
class Control:
    """A form control: its tag and type, name, value and state."""

    tag: str
    kind: str
    name: str
    value: str
    id: str = ""
    checked: bool = False
    options: list[tuple[str, str]] = field(default_factory=list)
    """A select's options: (value, text)."""
    chosen: int | None = None
    """A select's chosen option, by its index."""
    text: str = ""
    """A button's words."""
    aria_label: str = ""
    in_label: bool = False

    @property
    def submits(self) -> bool:
        return self.tag == "button" and self.kind in ("submit", "")


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.controls: list[Control] = []
        self.labels: dict[str, str] = {}
        self.ids: list[str] = []
        self._label: str | None = None
        self._label_depth = 0
        self._text: list[str] | None = None
        self._select: Control | None = None
        self._option: tuple[str, list[str], bool] | None = None
        self._button: Control | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: (v if v is not None else "") for k, v in attrs}
        if "id" in a:
            self.ids.append(a["id"])
        if tag == "label":
            self._label = a.get("for", "")
            self._label_depth += 1
            self._text = []
        elif tag == "input":
            kind = a.get("type", "text").lower()
            self.controls.append(Control(
                "input", kind, a.get("name", ""),
                a.get("value", "on" if kind in ("checkbox", "radio") else ""), a.get("id", ""),
                "checked" in a, aria_label=a.get("aria-label", ""),
                in_label=self._label_depth > 0))
        elif tag == "select":
            self._select = Control("select", "select", a.get("name", ""), "", a.get("id", ""),
                                   aria_label=a.get("aria-label", ""))
            self.controls.append(self._select)
        elif tag == "option" and self._select is not None:
            self._option = (a.get("value", ""), [], "selected" in a)
        elif tag == "textarea":
            self.controls.append(Control("textarea", "textarea", a.get("name", ""), "",
                                         a.get("id", "")))
        elif tag == "button":
            self._button = Control("button", a.get("type", "submit").lower(), a.get("name", ""),
                                   a.get("value", ""), a.get("id", ""),
                                   aria_label=a.get("aria-label", ""))
            self.controls.append(self._button)

    def handle_endtag(self, tag: str) -> None:
        if tag == "label":
            if self._label and self._text is not None:
                self.labels[self._label] = " ".join("".join(self._text).split())
            self._label_depth -= 1
            self._label = None
            self._text = None
        elif tag == "option" and self._select is not None and self._option is not None:
            value, words, selected = self._option
            self._select.options.append((value, " ".join("".join(words).split())))
            if selected:
                self._select.chosen = len(self._select.options) - 1
            self._option = None
        elif tag == "select":
            self._select = None
        elif tag == "button":
            self._button = None

    def handle_data(self, data: str) -> None:
        if self._text is not None:
            self._text.append(data)
        if self._option is not None:
            self._option[1].append(data)
        if self._button is not None:
            self._button.text += data


class FormPage:
    """The controls of a form's inside, to fill in and post."""

    def __init__(self, html: str) -> None:
        reader = _Reader()
        reader.feed(html)
        reader.close()
        self.controls = reader.controls
        self.labels = reader.labels
        self.ids = reader.ids

    def named(self, name: str) -> list[Control]:
        return [c for c in self.controls if c.name == name]

    def one(self, name: str) -> Control:
        found = [c for c in self.named(name) if not c.submits]
        assert len(found) == 1, f"{len(found)} controls named {name!r}"
        return found[0]

    def buttons(self) -> list[Control]:
        return [c for c in self.controls if c.submits]

    def button(self, name: str = "", value: str | None = None) -> Control:
        found = [b for b in self.buttons()
                 if b.name == name and (value is None or b.value == value)]
        assert found, f"no submit button {name!r}={value!r}"
        return found[0]

    def fill(self, name: str, value: str) -> None:
        """Type ``value`` in a text field, or choose it in a select or among
        radio buttons."""
        control = self.one(name) if not self._radios(name) else None
        if control is None:
            for radio in self._radios(name):
                radio.checked = radio.value == value
            assert any(r.checked for r in self._radios(name)), f"no radio {name}={value}"
        elif control.tag == "select":
            values = [v for v, _ in control.options]
            assert value in values, f"{name!r} offers no {value!r}: {values}"
            control.chosen = values.index(value)
        else:
            control.value = value

    def tick(self, name: str, value: str | None = None, on: bool = True) -> None:
        """Tick (or untick) a checkbox."""
        boxes = [c for c in self.named(name) if c.kind == "checkbox" and
                 (value is None or c.value == value)]
        assert boxes, f"no checkbox {name!r}={value!r}"
        for box in boxes:
            box.checked = on

    def _radios(self, name: str) -> list[Control]:
        return [c for c in self.named(name) if c.kind == "radio"]

    def post(self, button: Control | None = None) -> Posted:
        """What the browser sends when ``button`` is clicked (or Enter pressed
        in a field: the first submit button)."""
        if button is None:
            button = self.buttons()[0] if self.buttons() else None
        form: Posted = {}
        for control in self.controls:
            if not control.name:
                continue
            if control.submits:
                if control is button:
                    form.setdefault(control.name, []).append(control.value)
                continue
            if control.tag == "button":
                continue
            if control.kind in ("checkbox", "radio"):
                if control.checked:
                    form.setdefault(control.name, []).append(control.value)
            elif control.tag == "select":
                if control.options:
                    index = control.chosen if control.chosen is not None else 0
                    form.setdefault(control.name, []).append(control.options[index][0])
            elif control.kind not in ("submit", "button", "reset", "image", "file"):
                form.setdefault(control.name, []).append(control.value)
        return form

    def unlabelled(self) -> list[str]:
        """The controls a person could not tell apart by ear: a field with
        no label, a button with no words."""
        found = []
        for control in self.controls:
            if control.kind == "hidden":
                continue
            if control.tag == "button":
                if not (control.text.strip() or control.aria_label):
                    found.append(f"button {control.name}={control.value}")
            elif not (self.labels.get(control.id) or control.aria_label or control.in_label):
                found.append(f"{control.tag} {control.name}")
        return found

    def duplicate_ids(self) -> list[str]:
        return sorted({i for i in self.ids if self.ids.count(i) > 1})
