package billing

import (
	"embed"

	"daybase/internal/sqlfile"
)

//go:embed sql/*.sql
var sqlFiles embed.FS

// query returns the statement in sql/<name>.sql.
var query = sqlfile.Loader(sqlFiles)

// The statements of plan.go, store.go, billing.go and webhook.go; local.go
// keeps its own list beside the code that uses it.
var (
	planAccountFindSQL         = query("plan_account_find")
	planSubscriptionsCancelSQL = query("plan_subscriptions_cancel")
	planSubscriptionInsertSQL  = query("plan_subscription_insert")
	planCurrentSQL             = query("plan_current")
	userSubscriptionUpsertSQL  = query("user_subscription_upsert")
	teamSubscriptionUpsertSQL  = query("team_subscription_upsert")
	userSubscriptionExistsSQL  = query("user_subscription_exists")
	teamSubscriptionExistsSQL  = query("team_subscription_exists")
	userSubscriptionUpdateSQL  = query("user_subscription_update")
	teamSubscriptionUpdateSQL  = query("team_subscription_update")
	userCustomerLatestSQL      = query("user_customer_latest")
	teamCustomerLatestSQL      = query("team_customer_latest")
	teamAdminRoleSQL           = query("team_admin_role")
	userCustomerForPortalSQL   = query("user_customer_for_portal")
	teamCustomerForPortalSQL   = query("team_customer_for_portal")
	stripeEventRecordSQL       = query("stripe_event_record")
)
