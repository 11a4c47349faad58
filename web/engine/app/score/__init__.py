"""The score keeper's screens, as pure Python (no `js` import in this package).

`step.step(state, message, world)` is the keeper: the state is the `store.Shelf` every screen of this phone shares
(sheets, drafts, the set-up) and one screen's `visit.Visit` (where it is, its errors, its question, its note); each
intent of the pages is one act of an `acts_*` module (one per screen), and the step returns the next state and its
`effect.Effects`, which `app.screens.score.KeeperDesk` performs. `showing` builds the `page_state.Screen` a state
shows; `pages_*` draw each screen as a tree of `tree.El` values; `ids` names every element once. Every scoring rule
comes from `scorekeeper` / `uno_core`.
"""
