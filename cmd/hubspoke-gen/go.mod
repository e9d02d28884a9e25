module github.com/hubspoke/hubspoke/cmd/hubspoke-gen

go 1.25.0

require (
	github.com/google/go-cmp v0.7.0
	github.com/hubspoke/hubspoke v0.0.0
	golang.org/x/mod v0.29.0
	golang.org/x/tools v0.38.0
	sigs.k8s.io/yaml v1.6.0
)

require (
	go.yaml.in/yaml/v2 v2.4.3 // indirect
	golang.org/x/sync v0.18.0 // indirect
)

replace github.com/hubspoke/hubspoke => ../..
