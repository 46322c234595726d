module sdkruntime

go 1.23
