package v1api20230801storage_test

import "github.com/hubspoke/hubspoke/convert/convtest"

// Hand-written: the options of the generated conversion tests.
func redisTestOptions() []convtest.Option {
	return []convtest.Option{
		// The hooks of v1api20230401storage carry a key of 2020-12-01's
		// additionalProperties, which 2023-04-01 has no place for, to
		// 2023-08-01's field, and back: a relation between versions that
		// are not neighbours.
		convtest.Related(
			convtest.Relation{
				From: "v1api20201201", To: "v1api20230801",
				Old: `spec.redisConfiguration.additionalProperties["aad-enabled"]`,
				New: "spec.redisConfiguration.aad-enabled",
			},
			convtest.Relation{
				From: "v1api20201201", To: "v1api20230801",
				Old: `status.redisConfiguration.additionalProperties["aad-enabled"]`,
				New: "status.redisConfiguration.aad-enabled",
			},
		),
	}
}
