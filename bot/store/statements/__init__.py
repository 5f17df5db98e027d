"""The store's statements by subject; :class:`bot.store.tx.Tx` has them all."""
