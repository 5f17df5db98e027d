-- A private view is stored just before it is sent, so that a bot killed as Discord shows it
-- still knows it at the next start. The view it replaces is kept beside it until what the new
-- one shows is recorded (its "shown" fingerprint): if the bot died before Discord got the new
-- one, the next start learns so (Discord: Unknown Webhook) and keeps the older view, the one
-- still on the player's screen, in line instead.
ALTER TABLE private_views ADD COLUMN prev_app_id INTEGER;
ALTER TABLE private_views ADD COLUMN prev_token TEXT;
ALTER TABLE private_views ADD COLUMN prev_opened_at REAL;
ALTER TABLE private_views ADD COLUMN prev_message_id INTEGER;
