"""The commit-msg hook's check (tools/commit_subject.py)."""

from pathlib import Path

from tools.commit_subject import LIMIT, main, problems


def test_a_short_subject_with_a_body_passes() -> None:
    assert problems("Split the keeper\n\nWhy, in detail.\n# a comment git adds\n") == []


def test_a_long_subject_or_a_body_glued_to_it_is_refused() -> None:
    assert "under 72" in problems("x" * LIMIT)[0]
    assert problems("Subject\nbody at once") == ["put a blank line between the subject and the body"]
    assert problems("# only comments\n\n") == ["the message is empty"]


def test_the_hook_exits_with_the_reason(tmp_path: Path) -> None:
    message = tmp_path / "COMMIT_EDITMSG"
    message.write_text("y" * 80 + "\n")
    assert main([str(message)]) == 1
    message.write_text("Fine subject\n")
    assert main([str(message)]) == 0
