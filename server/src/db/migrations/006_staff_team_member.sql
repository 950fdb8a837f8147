-- The team member (business data team[].id) a workspace account is, so the Calendar opens on that
-- person's own column. Not a foreign key: the team lives in the data file, which can change under it (an
-- id no longer in the team is ignored where it is read).
ALTER TABLE merchant_users ADD COLUMN team_member_id text;
