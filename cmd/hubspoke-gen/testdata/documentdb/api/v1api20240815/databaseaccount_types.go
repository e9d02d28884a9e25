// Package v1api20240815 holds an Azure Cosmos DB account
// (Microsoft.DocumentDB/databaseAccounts) at ARM API version 2024-08-15,
// as Azure Service Operator serves it, trimmed.
//
// +kubebuilder:object:generate=true
// +groupName=documentdb.azure.com
package v1api20240815

import (
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	GroupVersion  = schema.GroupVersion{Group: "documentdb.azure.com", Version: "v1api20240815"}
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}
	AddToScheme   = SchemeBuilder.AddToScheme
)

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// DatabaseAccount is an Azure Cosmos DB account.
type DatabaseAccount struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   DatabaseAccount_Spec   `json:"spec,omitempty"`
	Status DatabaseAccount_STATUS `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// DatabaseAccountList is a list of DatabaseAccount.
type DatabaseAccountList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []DatabaseAccount `json:"items"`
}

// DatabaseAccount_Spec is the desired state of an account.
type DatabaseAccount_Spec struct {
	// AzureName is the account's name in Azure.
	// +optional
	AzureName string `json:"azureName,omitempty"`
	// +optional
	ApiProperties *ApiProperties `json:"apiProperties,omitempty"`
	// +optional
	BackupPolicy *BackupPolicy `json:"backupPolicy,omitempty"`
	// +optional
	ConsistencyPolicy *ConsistencyPolicy `json:"consistencyPolicy,omitempty"`
	// +optional
	CreateMode *CreateMode `json:"createMode,omitempty"`
	// +optional
	DisableLocalAuth *bool `json:"disableLocalAuth,omitempty"`
	// +optional
	IpRules []IpAddressOrRange `json:"ipRules,omitempty"`
	// +optional
	Kind *DatabaseAccount_Kind_Spec `json:"kind,omitempty"`
	// +optional
	Location *string `json:"location,omitempty"`
	// +optional
	Locations []Location `json:"locations,omitempty"`
	// +optional
	MinimalTlsVersion *MinimalTlsVersion `json:"minimalTlsVersion,omitempty"`
	// +optional
	NetworkAclBypass *NetworkAclBypass `json:"networkAclBypass,omitempty"`
	// NetworkAclBypassResourceReferences lists the resources that may
	// bypass the network ACLs.
	// +optional
	NetworkAclBypassResourceReferences []ResourceReference `json:"networkAclBypassResourceReferences,omitempty"`
	// +optional
	PublicNetworkAccess *DatabaseAccountCreateUpdateProperties_PublicNetworkAccess `json:"publicNetworkAccess,omitempty"`
	// +optional
	RestoreParameters *RestoreParameters `json:"restoreParameters,omitempty"`
	// +optional
	Tags map[string]string `json:"tags,omitempty"`
}

// ResourceReference is ASO's genruntime.ResourceReference: a resource of
// the cluster (group, kind, name) or of Azure (armId).
type ResourceReference struct {
	// +optional
	Group string `json:"group,omitempty"`
	// +optional
	Kind string `json:"kind,omitempty"`
	// +optional
	Name string `json:"name,omitempty"`
	// +optional
	ARMID string `json:"armId,omitempty"`
}

// +kubebuilder:validation:Enum={"Default","Restore"}
type CreateMode string

// +kubebuilder:validation:Enum={"Tls","Tls11","Tls12"}
type MinimalTlsVersion string

// +kubebuilder:validation:Enum={"PointInTime"}
type RestoreParameters_RestoreMode string

// RestoreParameters says what to restore an account from (createMode Restore).
type RestoreParameters struct {
	// +optional
	DatabasesToRestore []DatabaseRestoreResource `json:"databasesToRestore,omitempty"`
	// +optional
	RestoreMode *RestoreParameters_RestoreMode `json:"restoreMode,omitempty"`
	// +optional
	RestoreSource *string `json:"restoreSource,omitempty"`
	// +optional
	RestoreTimestampInUtc *string `json:"restoreTimestampInUtc,omitempty"`
	// +optional
	RestoreWithTtlDisabled *bool `json:"restoreWithTtlDisabled,omitempty"`
	// +optional
	TablesToRestore []string `json:"tablesToRestore,omitempty"`
}

// DatabaseRestoreResource is a database to restore, with its collections.
type DatabaseRestoreResource struct {
	// +optional
	CollectionNames []string `json:"collectionNames,omitempty"`
	// +optional
	DatabaseName *string `json:"databaseName,omitempty"`
}

// +kubebuilder:validation:Enum={"3.2","3.6","4.0","4.2","5.0","6.0","7.0"}
type ApiProperties_ServerVersion string

// ApiProperties holds the MongoDB API's settings.
type ApiProperties struct {
	// +optional
	ServerVersion *ApiProperties_ServerVersion `json:"serverVersion,omitempty"`
}

// BackupPolicy is one of the two policies (ASO's OneOf).
type BackupPolicy struct {
	// +optional
	Continuous *ContinuousModeBackupPolicy `json:"continuous,omitempty"`
	// +optional
	Periodic *PeriodicModeBackupPolicy `json:"periodic,omitempty"`
}

// +kubebuilder:validation:Enum={"Continuous"}
type ContinuousModeBackupPolicy_Type string

// ContinuousModeBackupPolicy backs up continuously.
type ContinuousModeBackupPolicy struct {
	// +optional
	ContinuousModeProperties *ContinuousModeProperties `json:"continuousModeProperties,omitempty"`
	// +optional
	Type *ContinuousModeBackupPolicy_Type `json:"type,omitempty"`
}

// +kubebuilder:validation:Enum={"Continuous30Days","Continuous7Days"}
type ContinuousTier string

// ContinuousModeProperties holds the retention tier of continuous backups.
type ContinuousModeProperties struct {
	// +optional
	Tier *ContinuousTier `json:"tier,omitempty"`
}

// +kubebuilder:validation:Enum={"Periodic"}
type PeriodicModeBackupPolicy_Type string

// PeriodicModeBackupPolicy backs up at an interval.
type PeriodicModeBackupPolicy struct {
	// +optional
	PeriodicModeProperties *PeriodicModeProperties `json:"periodicModeProperties,omitempty"`
	// +optional
	Type *PeriodicModeBackupPolicy_Type `json:"type,omitempty"`
}

// PeriodicModeProperties holds the interval and retention of periodic backups.
type PeriodicModeProperties struct {
	// +kubebuilder:validation:Minimum=0
	// +optional
	BackupIntervalInMinutes *int `json:"backupIntervalInMinutes,omitempty"`
	// +kubebuilder:validation:Minimum=0
	// +optional
	BackupRetentionIntervalInHours *int `json:"backupRetentionIntervalInHours,omitempty"`
	// +optional
	BackupStorageRedundancy *BackupStorageRedundancy `json:"backupStorageRedundancy,omitempty"`
}

// +kubebuilder:validation:Enum={"Geo","Local","Zone"}
type BackupStorageRedundancy string

// +kubebuilder:validation:Enum={"BoundedStaleness","ConsistentPrefix","Eventual","Session","Strong"}
type ConsistencyPolicy_DefaultConsistencyLevel string

// ConsistencyPolicy is the account's default consistency.
type ConsistencyPolicy struct {
	// +optional
	DefaultConsistencyLevel *ConsistencyPolicy_DefaultConsistencyLevel `json:"defaultConsistencyLevel,omitempty"`
	// +kubebuilder:validation:Maximum=86400
	// +kubebuilder:validation:Minimum=5
	// +optional
	MaxIntervalInSeconds *int `json:"maxIntervalInSeconds,omitempty"`
	// +kubebuilder:validation:Minimum=1
	// +optional
	MaxStalenessPrefix *int `json:"maxStalenessPrefix,omitempty"`
}

// IpAddressOrRange is an IP address or CIDR range allowed to connect.
type IpAddressOrRange struct {
	// +optional
	IpAddressOrRange *string `json:"ipAddressOrRange,omitempty"`
}

// +kubebuilder:validation:Enum={"GlobalDocumentDB","MongoDB","Parse"}
type DatabaseAccount_Kind_Spec string

// Location is a region the account is in.
type Location struct {
	// +kubebuilder:validation:Minimum=0
	// +optional
	FailoverPriority *int `json:"failoverPriority,omitempty"`
	// +optional
	IsZoneRedundant *bool `json:"isZoneRedundant,omitempty"`
	// +optional
	LocationName *string `json:"locationName,omitempty"`
}

// +kubebuilder:validation:Enum={"AzureServices","None"}
type NetworkAclBypass string

// +kubebuilder:validation:Enum={"Disabled","Enabled","SecuredByPerimeter"}
type DatabaseAccountCreateUpdateProperties_PublicNetworkAccess string

// DatabaseAccount_STATUS is the observed state of an account.
type DatabaseAccount_STATUS struct {
	// +optional
	Conditions []metav1.Condition `json:"conditions,omitempty"`
	// +optional
	DocumentEndpoint *string `json:"documentEndpoint,omitempty"`
	// +optional
	MinimalTlsVersion *MinimalTlsVersion `json:"minimalTlsVersion,omitempty"`
	// +optional
	NetworkAclBypassResourceIds []string `json:"networkAclBypassResourceIds,omitempty"`
	// +optional
	ProvisioningState *string `json:"provisioningState,omitempty"`
	// +optional
	WriteLocations []Location_STATUS `json:"writeLocations,omitempty"`

	// +optional
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

// Location_STATUS is a region the account is in, as Azure reports it.
type Location_STATUS struct {
	// +optional
	DocumentEndpoint *string `json:"documentEndpoint,omitempty"`
	// +optional
	FailoverPriority *int `json:"failoverPriority,omitempty"`
	// +optional
	Id *string `json:"id,omitempty"`
	// +optional
	IsZoneRedundant *bool `json:"isZoneRedundant,omitempty"`
	// +optional
	LocationName *string `json:"locationName,omitempty"`
}

func init() {
	SchemeBuilder.Register(&DatabaseAccount{}, &DatabaseAccountList{})
}
