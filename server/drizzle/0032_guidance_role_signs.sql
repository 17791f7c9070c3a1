-- The built-in roles of organisations made before real-time guidance get what new organisations' built-in roles are
-- created with (org/defaults.ts): the administrator and the manager both guidance signs, the seat guidance:use and the
-- two guidance pages. Custom roles are left to their administrators.
UPDATE "role" SET "function_signs" = ARRAY(
  SELECT DISTINCT s FROM unnest("function_signs" || ARRAY['guidance:use', 'guidance:view']::text[]) AS s ORDER BY s)
WHERE "built_in" AND "role_sign" IN ('super_admin', 'manager');
--> statement-breakpoint
UPDATE "role" SET "function_signs" = ARRAY(
  SELECT DISTINCT s FROM unnest("function_signs" || ARRAY['guidance:use']::text[]) AS s ORDER BY s),
  "routes" = ARRAY(
  SELECT DISTINCT r FROM unnest("routes" || ARRAY['/aiTimeTeacher', '/guideRecord']::text[]) AS r ORDER BY r)
WHERE "built_in" AND "role_sign" = 'seat' AND NOT ('1' = ANY("routes"));
