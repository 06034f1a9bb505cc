-- A pending draw or take-back offer, stored with its game so that only the stored offer can be answered.
ALTER TABLE games ADD COLUMN offer TEXT;   -- JSON {"kind": "draw" | "takeback", "by": user id, "version": n}; NULL: none
