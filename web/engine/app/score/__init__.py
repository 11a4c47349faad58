"""The score keeper's screens, as pure Python (no `js` import in this package).

`keeper.Keeper` holds the state (saved library, drafts, errors) and turns actions into new
state; `pages_*` build each screen as a tree of `tree.El` values; `app.screens.score` puts
those trees in the page and sends the page's events back as actions. Every scoring rule
comes from `scorekeeper` / `uno_core`.
"""
