// Package v1api20201201 holds Azure Cache for Redis (Microsoft.Cache/redis) at ARM
// API version 2020-12-01, as Azure Service Operator serves it, trimmed.
//
// +kubebuilder:object:generate=true
// +groupName=cache.azure.com
package v1api20201201

import (
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	GroupVersion  = schema.GroupVersion{Group: "cache.azure.com", Version: "v1api20201201"}
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}
	AddToScheme   = SchemeBuilder.AddToScheme
)

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Redis is an Azure Cache for Redis.
type Redis struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   Redis_Spec   `json:"spec,omitempty"`
	Status Redis_STATUS `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// RedisList is a list of Redis.
type RedisList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Redis `json:"items"`
}

// Redis_Spec is the desired state of a cache.
type Redis_Spec struct {
	// +optional
	EnableNonSslPort *bool `json:"enableNonSslPort,omitempty"`
	// +optional
	MinimumTlsVersion *RedisCreateProperties_MinimumTlsVersion `json:"minimumTlsVersion,omitempty"`
	// +optional
	RedisConfiguration *RedisCreateProperties_RedisConfiguration `json:"redisConfiguration,omitempty"`
	// +optional
	ShardCount *int `json:"shardCount,omitempty"`
	// +optional
	Sku *Sku `json:"sku,omitempty"`
	// +optional
	Tags map[string]string `json:"tags,omitempty"`
}

// +kubebuilder:validation:Enum={"1.0","1.1","1.2"}
type RedisCreateProperties_MinimumTlsVersion string

// RedisCreateProperties_RedisConfiguration holds the Redis settings.
type RedisCreateProperties_RedisConfiguration struct {
	// AdditionalProperties holds the settings without a field of their
	// own: notify-keyspace-events, aad-enabled, ...
	// +optional
	AdditionalProperties map[string]string `json:"additionalProperties,omitempty"`
	// +optional
	MaxmemoryPolicy *string `json:"maxmemory-policy,omitempty"`
	// +optional
	RdbBackupEnabled *string `json:"rdb-backup-enabled,omitempty"`
}

// Sku is the SKU of a cache.
type Sku struct {
	// +optional
	Capacity *int `json:"capacity,omitempty"`
	// +optional
	Family *Sku_Family `json:"family,omitempty"`
	// +optional
	Name *Sku_Name `json:"name,omitempty"`
}

// +kubebuilder:validation:Enum={"C","P"}
type Sku_Family string

// +kubebuilder:validation:Enum={"Basic","Premium","Standard"}
type Sku_Name string

// Redis_STATUS is the observed state of a cache.
type Redis_STATUS struct {
	// +optional
	Conditions []metav1.Condition `json:"conditions,omitempty"`
	// +optional
	HostName *string `json:"hostName,omitempty"`
	// +optional
	Instances []RedisInstanceDetails_STATUS `json:"instances,omitempty"`
	// +optional
	ProvisioningState *RedisProperties_ProvisioningState_STATUS `json:"provisioningState,omitempty"`
	// +optional
	RedisConfiguration *RedisProperties_RedisConfiguration_STATUS `json:"redisConfiguration,omitempty"`

	// +optional
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

// RedisProperties_ProvisioningState_STATUS is a provisioning state (2023-08-01 adds ConfiguringAAD).
type RedisProperties_ProvisioningState_STATUS string

// RedisInstanceDetails_STATUS describes one instance of a cache.
type RedisInstanceDetails_STATUS struct {
	// +optional
	IsPrimary *bool `json:"isPrimary,omitempty"`
	// +optional
	ShardId *int `json:"shardId,omitempty"`
	// +optional
	Zone *string `json:"zone,omitempty"`
}

// RedisProperties_RedisConfiguration_STATUS holds the Redis settings as Azure reports them.
type RedisProperties_RedisConfiguration_STATUS struct {
	// +optional
	AdditionalProperties map[string]string `json:"additionalProperties,omitempty"`
	// +optional
	Maxclients *string `json:"maxclients,omitempty"`
}

func init() {
	SchemeBuilder.Register(&Redis{}, &RedisList{})
}
