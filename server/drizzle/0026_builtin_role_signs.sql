-- The built-in roles of organisations made before staff training, AI practice, the speech assistant and the knowledge
-- base get what new organisations' built-in roles are created with (org/defaults.ts): the administrator and the manager
-- every new sign, the seat its three and its new pages. Custom roles are left to their administrators.
UPDATE "role" SET "function_signs" = ARRAY(
  SELECT DISTINCT s FROM unnest("function_signs" || ARRAY['training:view', 'training:edit', 'practice:use', 'practice:view',
    'practice:edit', 'assistant:use', 'knowledge:view', 'knowledge:edit', 'template:edit']::text[]) AS s ORDER BY s)
WHERE "built_in" AND "role_sign" IN ('super_admin', 'manager');
--> statement-breakpoint
UPDATE "role" SET "function_signs" = ARRAY(
  SELECT DISTINCT s FROM unnest("function_signs" || ARRAY['assistant:use', 'knowledge:view', 'practice:use']::text[]) AS s ORDER BY s),
  "routes" = ARRAY(
  SELECT DISTINCT r FROM unnest("routes" || ARRAY['/staffTraining', '/knowledgeBase']::text[]) AS r ORDER BY r)
WHERE "built_in" AND "role_sign" = 'seat' AND NOT ('1' = ANY("routes"));
