package v1api20230401storage

import (
	"example.com/fixtures/redis/api/v1api20230801storage"
	"github.com/hubspoke/hubspoke/propertybag"
)

// 2020-12-01 has no field for aad-enabled: its clients set it (and Azure
// reports it) as a key of redisConfiguration.additionalProperties, which
// 2023-04-01 removes (its bags keep the map under its Go name);
// 2023-08-01 has the field, in the spec and in the status.
const (
	additionalProperties = "AdditionalProperties"
	aadEnabledKey        = "aad-enabled"
)

// AssignPropertiesTo shows 2020-12-01's additionalProperties[aad-enabled]
// in 2023-08-01's aad-enabled.
func (s *RedisCreateProperties_RedisConfiguration) AssignPropertiesTo(dst *v1api20230801storage.RedisCreateProperties_RedisConfiguration) error {
	return keyToField(&dst.PropertyBag, &dst.AadEnabled)
}

// AssignPropertiesFrom puts 2023-08-01's aad-enabled back in the map a
// 2020-12-01 client reads.
func (s *RedisCreateProperties_RedisConfiguration) AssignPropertiesFrom(src *v1api20230801storage.RedisCreateProperties_RedisConfiguration) error {
	return fieldToKey(src.AadEnabled, &s.PropertyBag)
}

// AssignPropertiesTo shows 2020-12-01's additionalProperties[aad-enabled]
// in 2023-08-01's aad-enabled.
func (s *RedisProperties_RedisConfiguration_STATUS) AssignPropertiesTo(dst *v1api20230801storage.RedisProperties_RedisConfiguration_STATUS) error {
	return keyToField(&dst.PropertyBag, &dst.AadEnabled)
}

// AssignPropertiesFrom puts 2023-08-01's aad-enabled back in the map a
// 2020-12-01 client reads.
func (s *RedisProperties_RedisConfiguration_STATUS) AssignPropertiesFrom(src *v1api20230801storage.RedisProperties_RedisConfiguration_STATUS) error {
	return fieldToKey(src.AadEnabled, &s.PropertyBag)
}

// keyToField takes aad-enabled out of the map in bag into field.
func keyToField(bag *propertybag.PropertyBag, field **string) error {
	m, err := propertybag.Pull[map[string]string](bag, additionalProperties)
	if err != nil || m == nil {
		return err
	}
	if v, ok := (*m)[aadEnabledKey]; ok && *field == nil {
		*field = &v
		delete(*m, aadEnabledKey)
	}
	if len(*m) == 0 {
		return nil
	}
	return propertybag.Add(bag, additionalProperties, m)
}

// fieldToKey puts value into the map in bag, as aad-enabled.
func fieldToKey(value *string, bag *propertybag.PropertyBag) error {
	if value == nil {
		return nil
	}
	m, err := propertybag.Pull[map[string]string](bag, additionalProperties)
	if err != nil {
		return err
	}
	if m == nil {
		m = &map[string]string{}
	}
	(*m)[aadEnabledKey] = *value
	bag.Remove("AadEnabled")
	return propertybag.Add(bag, additionalProperties, m)
}
