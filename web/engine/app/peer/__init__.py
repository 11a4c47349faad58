"""The link between phones at one table: connection codes (`signal`) and the messages on the channel."""
