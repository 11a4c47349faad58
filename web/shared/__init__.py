"""What both sides of the boundary import: the page's MicroPython (as bytecode) and the engine worker."""
