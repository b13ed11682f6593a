-- A new task's place at the end of its owner's list is one index probe,
-- whatever the statistics said when the plan was made (issue 26: a 5,000-row
-- import in under 10 s; docs/notes/issue-26n.md).
--
-- next_task_sort_order asked for max(sort_order) of the owner's tasks. The
-- planner answers a max() either by reading the top of the index
-- (user_id, sort_order) or by aggregating every row the index gives for the
-- owner, and picks by its estimate of how many rows that is. PL/pgSQL keeps
-- the plan it chose at the session's first calls: in a new database, or for
-- a table whose statistics predate its rows, the estimate is one row, so the
-- session aggregated all of the owner's tasks on every insert — 0.7 ms per
-- task by the end of a 5,000-row import, two fifths of its time, and O(n²)
-- over the import. ORDER BY sort_order DESC LIMIT 1 has one plan worth
-- having whatever the estimate: the index read backwards, stopped at the
-- first row. Same value (sort_order is NOT NULL), same callers.

CREATE OR REPLACE FUNCTION private.next_task_sort_order(p_user_id uuid) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  RETURN coalesce((SELECT t.sort_order FROM public.tasks t
                    WHERE t.user_id = p_user_id
                    ORDER BY t.sort_order DESC
                    LIMIT 1), 0) + 1;
END
$$;
