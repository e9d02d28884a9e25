package v1api20240815storage_test

import "github.com/hubspoke/hubspoke/convert/convtest"

// Hand-written: the options of the generated conversion tests.
func databaseAccountTestOptions() []convtest.Option {
	return []convtest.Option{
		// The hooks of v1api20210515storage show 2021-05-15's ARM IDs as
		// the armId of 2023-11-15's references, element by element.
		convtest.Related(convtest.Relation{
			From: "v1api20210515", To: "v1api20231115",
			Old: "spec.networkAclBypassResourceIds[*]",
			New: "spec.networkAclBypassResourceReferences[*].armId",
		}),
		// A reference without an ARM ID (one of the cluster) shows in
		// 2021-05-15 as the ID "", which means "none" there: an ID of ""
		// written at 2021-05-15 is a reference without an ARM ID.
		convtest.SkipVisibilityOfZero("spec.networkAclBypassResourceIds[*]",
			`2021-05-15's "" is a reference without an ARM ID`),
	}
}
