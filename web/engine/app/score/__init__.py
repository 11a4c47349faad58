"""The score keeper's screens, as pure Python (no `js` import in this package).

`keeper.Keeper` holds the state (saved library, drafts, errors) and looks each action of the pages up in
`actions.ACTIONS` (`acts_*`: one module per screen's actions); `showing` builds the `screen.Screen` it
shows; `pages_*` draw each screen as a tree of `tree.El` values; `ids` names every element once;
`app.screens.score` puts those trees in the page and sends the page's events back as actions. Every
scoring rule comes from `scorekeeper` / `uno_core`.
"""
