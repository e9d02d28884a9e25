// Package v1api20230401 holds Azure Cache for Redis (Microsoft.Cache/redis) at ARM
// API version 2023-04-01, as Azure Service Operator serves it, trimmed.
//
// +kubebuilder:object:generate=true
// +groupName=cache.azure.com
package v1api20230401

import (
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	GroupVersion  = schema.GroupVersion{Group: "cache.azure.com", Version: "v1api20230401"}
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
	Identity *ManagedServiceIdentity `json:"identity,omitempty"`
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
//
// 2023-04-01 drops additionalProperties: three of its keys become fields.
// +hubspoke:removed=AdditionalProperties
type RedisCreateProperties_RedisConfiguration struct {
	// +optional
	MaxmemoryPolicy *string `json:"maxmemory-policy,omitempty"`
	// +hubspoke:movedFrom=spec.redisConfiguration.additionalProperties[notify-keyspace-events]
	// +optional
	NotifyKeyspaceEvents *string `json:"notify-keyspace-events,omitempty"`
	// +optional
	RdbBackupEnabled *string `json:"rdb-backup-enabled,omitempty"`
	// +hubspoke:movedFrom=spec.redisConfiguration.additionalProperties[storage-subscription-id]
	// +optional
	StorageSubscriptionId *string `json:"storage-subscription-id,omitempty"`
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

// ManagedServiceIdentity is the managed identity of a resource.
type ManagedServiceIdentity struct {
	// +optional
	Type *ManagedServiceIdentityType `json:"type,omitempty"`
	// +optional
	UserAssignedIdentities []UserAssignedIdentityDetails `json:"userAssignedIdentities,omitempty"`
}

// +kubebuilder:validation:Enum={"None","SystemAssigned","SystemAssigned, UserAssigned","UserAssigned"}
type ManagedServiceIdentityType string

// UserAssignedIdentityDetails names a user-assigned identity.
type UserAssignedIdentityDetails struct {
	// +optional
	Reference ResourceReference `json:"reference,omitempty"`
}

// ResourceReference is a Kubernetes resource or an ARM ID.
type ResourceReference struct {
	// +optional
	ARMID string `json:"armId,omitempty"`
	// +optional
	Name string `json:"name,omitempty"`
}

// Redis_STATUS is the observed state of a cache.
type Redis_STATUS struct {
	// +optional
	Conditions []metav1.Condition `json:"conditions,omitempty"`
	// +optional
	HostName *string `json:"hostName,omitempty"`
	// +optional
	Identity *ManagedServiceIdentity_STATUS `json:"identity,omitempty"`
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
//
// +hubspoke:removed=AdditionalProperties
type RedisProperties_RedisConfiguration_STATUS struct {
	// +optional
	Maxclients *string `json:"maxclients,omitempty"`
	// +hubspoke:movedFrom=status.redisConfiguration.additionalProperties[notify-keyspace-events]
	// +optional
	NotifyKeyspaceEvents *string `json:"notify-keyspace-events,omitempty"`
}

// ManagedServiceIdentity_STATUS is the managed identity as Azure reports it.
type ManagedServiceIdentity_STATUS struct {
	// +optional
	PrincipalId *string `json:"principalId,omitempty"`
	// +optional
	Type *string `json:"type,omitempty"`
	// +optional
	UserAssignedIdentities map[string]UserAssignedIdentity_STATUS `json:"userAssignedIdentities,omitempty"`
}

// UserAssignedIdentity_STATUS is a user-assigned identity as Azure reports it.
type UserAssignedIdentity_STATUS struct {
	// +optional
	ClientId *string `json:"clientId,omitempty"`
	// +optional
	PrincipalId *string `json:"principalId,omitempty"`
}

func init() {
	SchemeBuilder.Register(&Redis{}, &RedisList{})
}
