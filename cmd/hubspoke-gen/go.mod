module github.com/hubspoke/hubspoke/cmd/hubspoke-gen

go 1.25.0

require (
	github.com/google/cel-go v0.26.0
	github.com/google/go-cmp v0.7.0
	github.com/hubspoke/hubspoke v0.0.0
	golang.org/x/mod v0.29.0
	golang.org/x/tools v0.38.0
	sigs.k8s.io/yaml v1.6.0
)

require (
	cel.dev/expr v0.24.0 // indirect
	github.com/antlr4-go/antlr/v4 v4.13.0 // indirect
	github.com/stoewer/go-strcase v1.3.0 // indirect
	go.yaml.in/yaml/v2 v2.4.3 // indirect
	golang.org/x/exp v0.0.0-20240719175910-8a7402abbf56 // indirect
	golang.org/x/sync v0.18.0 // indirect
	google.golang.org/genproto/googleapis/api v0.0.0-20250303144028-a0af3efb3deb // indirect
	google.golang.org/genproto/googleapis/rpc v0.0.0-20250528174236-200df99c418a // indirect
	google.golang.org/protobuf v1.36.8 // indirect
)

replace github.com/hubspoke/hubspoke => ../..
