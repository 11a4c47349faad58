"""Build, serve and measure the static web app (no runtime code)."""
