package webhook

// The ways of wiring that Setup combines, for the tests of package
// webhook_test.
var (
	NewHubSpokeConverter = newHubSpokeConverter
	Register             = register
	NewHandler           = newHandler
	NewAdmissionHandler  = newAdmissionHandler
)
