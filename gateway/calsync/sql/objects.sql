SELECT {{object_columns}} FROM public.tasks t
  LEFT JOIN public.caldav_objects o ON o.task_id = t.id AND o.user_id = auth.uid()
 WHERE {{in_collection}}
 ORDER BY t.sort_order, t.id
