"""The keys the pages ask for by attributes: `data-next` on a field (Enter goes to the next empty field matching
that selector instead of submitting), `data-roving` on a container (arrow keys, Home and End move the focus
between its `data-roving` children), `data-shortcut` on a button (that key presses it)."""

try:  # noqa: SIM105 (MicroPython has no contextlib.suppress)
    from typing import Any
except ImportError:
    pass


class Keys:
    """Listens on the whole document (shortcuts work wherever the focus is); acts inside `area` only."""

    def __init__(self, area: Any) -> None:
        self.area = area

    def next_field(self, field: Any) -> bool:
        """Move from `field` (with `data-next`) to the next empty field of that kind; False when none is left.
        On the Enter key (phones' "next"), before the form sees it: a submission here would be the form's
        default button (Save), whose drawing would come back to a person already typing in the next field."""
        fields = list(self.area.querySelectorAll(str(field.getAttribute("data-next"))))
        here = -1
        for index, other in enumerate(fields):
            if other == field:
                here = index
        for other in fields[here + 1 :]:
            if not str(other.value).strip():
                other.focus()
                return True
        return False

    def on_key(self, event: Any) -> None:
        """Enter to the next field (`data-next`), arrows in a `data-roving` group, `data-shortcut` letters."""
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        target = event.target
        if str(getattr(target, "tagName", "") or "").upper() in ("INPUT", "SELECT", "TEXTAREA"):
            onward = str(event.key) == "Enter" and not event.isComposing and target.getAttribute("data-next")
            if onward and self.area.contains(target) and self.next_field(target):
                event.preventDefault()  # no submission: the form is not saved on the way
            return
        key = str(event.key)
        group = target.closest("[data-roving]") if getattr(target, "closest", None) else None
        if group and key in ("ArrowLeft", "ArrowRight", "Home", "End"):
            items = list(group.querySelectorAll(str(group.getAttribute("data-roving"))))
            if not items:
                return
            index = 0
            for i, item in enumerate(items):
                if item == target:
                    index = i
            index = {"ArrowLeft": index - 1, "ArrowRight": index + 1, "Home": 0, "End": len(items) - 1}[key]
            index = max(0, min(len(items) - 1, index))
            for i, item in enumerate(items):
                item.tabIndex = 0 if i == index else -1
            items[index].focus()
            event.preventDefault()
            return
        if len(key) == 1:
            button = self.area.querySelector('[data-shortcut="' + key.lower() + '"]')
            if button and not getattr(button, "disabled", False):
                button.click()
                event.preventDefault()
