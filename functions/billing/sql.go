package billing

import (
	"embed"

	"daybase/internal/sqlfile"
)

//go:embed sql/*.sql
var sqlFiles embed.FS

// statements are the package's SQL: field TableOid is sql/table_oid.sql.
type statements struct {
	PlanAccountFind, PlanSubscriptionsCancel                       string
	PlanSubscriptionInsert, PlanCurrent, UserSubscriptionUpsert    string
	TeamSubscriptionUpsert, UserSubscriptionExists                 string
	TeamSubscriptionExists, UserSubscriptionUpdate                 string
	TeamSubscriptionUpdate, UserCustomerLatest, TeamCustomerLatest string
	TeamAdminRole, UserCustomerForPortal, TeamCustomerForPortal    string
	StripeEventRecord, LocalCheckoutInsert, LocalPortalInsert      string
	SessionLoad, SessionCancel, SessionComplete                    string
	UserSubscriptionsList, TeamSubscriptionsList                   string
	LocalChangeCheckoutInsert, UserSubscriptionsCancelActive       string
	TeamSubscriptionsCancelActive, UserSubscriptionCancel          string
	TeamSubscriptionCancel                                         string
}

var stmt = sqlfile.Load[statements](sqlFiles)
