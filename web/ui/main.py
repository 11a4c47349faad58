"""The page's entry, run by PyScript's MicroPython (web/ui/page.py does the work: compiled to bytecode by
the build, like the rest of web/ui/, it is imported without being compiled on the page)."""

from ui.page import main

main()
