-- A surname's share of the clients decides a search's plan and its total (issue 46): with the
-- default statistics target (100) the planner estimated "Quintero" at 20 clients of 8 613 on one
-- analysis of the scale set and 7 893 on another, and the page read every match then sorted them
-- (97 ms p50 at 10 requests at once). 500 histogram entries put it at 9 275 (see decisions.md).
ALTER TABLE "clients" ALTER COLUMN "name" SET STATISTICS 500;
